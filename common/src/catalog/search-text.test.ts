import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldSearchText, searchTerms } from './search-text.ts';

describe('search text folding', () => {
  it('drops case and accents, including letters without a decomposition', () => {
    expect(foldSearchText('Beyoncé SØRENSEN Straße Łódź')).toBe('beyonce sorensen strasse lodz');
  });

  it('splits a query into safe terms', () => {
    expect(searchTerms('  "Café" del-Mar!* OR  ')).toEqual(['cafe', 'del', 'mar', 'or']);
    expect(searchTerms('***')).toEqual([]);
  });

  it('only ever yields letters and digits, so terms never carry query syntax', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (query) => {
        const terms = searchTerms(query);
        expect(terms.length).toBeLessThanOrEqual(8);
        for (const term of terms) expect(term).toMatch(/^[\p{L}\p{N}]{1,40}$/u);
      }),
    );
  });
});
