import { describe, expect, it } from 'vitest';
import { webFontStylesheetUrl } from './web-fonts.ts';

describe('the web-font loader (spec §7)', () => {
  it('asks the provider for the family and weights with display swap', () => {
    expect(
      webFontStylesheetUrl({ family: 'Inter', weights: [700, 400] }, 'https://fonts.bunny.net'),
    ).toBe('https://fonts.bunny.net/css2?family=Inter:wght@400;700&display=swap');
  });

  it('serves from the app’s own origin when the provider is a path', () => {
    expect(webFontStylesheetUrl({ family: 'Open Sans', weights: [400, 600] }, '/fonts/')).toBe(
      '/fonts/css2?family=Open+Sans:wght@400;600&display=swap',
    );
  });

  it('falls back to the default weight 400 and drops repeated weights', () => {
    expect(webFontStylesheetUrl({ family: 'Lato' }, '/fonts')).toBe(
      '/fonts/css2?family=Lato:wght@400&display=swap',
    );
    expect(webFontStylesheetUrl({ family: 'Lato', weights: [400, 400] }, '/fonts')).toBe(
      '/fonts/css2?family=Lato:wght@400&display=swap',
    );
  });

  it('keeps a family name from breaking out of the query', () => {
    const url = webFontStylesheetUrl({ family: 'Evil&display=block#', weights: [400] }, '/fonts');
    expect(url).toBe('/fonts/css2?family=Evil%26display%3Dblock%23:wght@400&display=swap');
  });
});
