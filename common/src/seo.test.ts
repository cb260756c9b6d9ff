import { describe, expect, it } from 'vitest';
import { SEO_PAGES, SEO_SETTING_DEFAULTS, fillSeoTemplate, matchAppRoute } from './seo.ts';

describe('fillSeoTemplate', () => {
  it('fills placeholders and drops the ones without a value, with the gaps they leave', () => {
    const template =
      'Listen to {{album_name}}, the {{album_type}} by {{artist_name}} ({{release_year}}).';
    expect(
      fillSeoTemplate(template, {
        album_name: 'Night Drive',
        album_type: 'ep',
        artist_name: 'Nova',
        release_year: 2024,
      }),
    ).toBe('Listen to Night Drive, the ep by Nova (2024).');
    expect(
      fillSeoTemplate(template, {
        album_name: 'Night Drive',
        album_type: 'ep',
        artist_name: 'Nova',
      }),
    ).toBe('Listen to Night Drive, the ep by Nova.');
  });

  it('keeps a {{#name}} section only when name has a value, a {{^name}} one only when not', () => {
    const template =
      'A playlist{{#owner_name}} by {{owner_name}}{{/owner_name}}{{^owner_name}} of ours{{/owner_name}}.';
    expect(fillSeoTemplate(template, { owner_name: 'Ann' })).toBe('A playlist by Ann.');
    expect(fillSeoTemplate(template, { owner_name: null })).toBe('A playlist of ours.');
    expect(fillSeoTemplate(template, { owner_name: '  ' })).toBe('A playlist of ours.');
  });

  it('never leaves "by" dangling: a playlist without owner, a channel without description', () => {
    for (const name of ['seo.playlist.description', 'seo.channel.description'] as const) {
      const filled = fillSeoTemplate(SEO_SETTING_DEFAULTS[name], {
        site_name: 'Backbeat',
        playlist_name: 'P',
        channel_name: 'C',
      });
      expect(filled, name).not.toMatch(/\bby( on|\.|$)/);
      expect(filled, name).toMatch(/^Listen to [PC]\b.* on Backbeat\.$/);
    }
  });

  it('has a title and a description template for every SEO page', () => {
    for (const page of SEO_PAGES) {
      expect(SEO_SETTING_DEFAULTS).toHaveProperty(`seo.${page}.title`);
      expect(SEO_SETTING_DEFAULTS).toHaveProperty(`seo.${page}.description`);
    }
  });
});

describe('matchAppRoute', () => {
  it.each([
    ['/', '/'],
    ['/album/3/nova/night-drive', '/album/:albumId/:artistName/:albumName'],
    ['/user/5', '/user/:userId/:slug?'],
    ['/user/5/ann', '/user/:userId/:slug?'],
    ['/admin/genres/new', '/admin/*'],
    ['/search/a%20b', '/search/:searchQuery'],
    ['/popular-tracks', '/:slugOrId'],
  ])('matches %s as %s', (path, route) => {
    expect(matchAppRoute(path)?.route).toBe(route);
  });

  it('gives the parameters, decoded', () => {
    expect(matchAppRoute('/search/a%20b')?.params).toEqual({ searchQuery: 'a b' });
  });

  it.each(['/album/3/x/y/z/w', '/track/1/x/y/z', '/a/b/c', '/artist/1/x/extra'])(
    'does not know %s',
    (path) => {
      expect(matchAppRoute(path)).toBeNull();
    },
  );
});

describe('the app routes the server knows', () => {
  it('include the billing, backstage and site pages, so they answer 200', () => {
    for (const path of [
      '/checkout/1/2',
      '/checkout/1/2/stripe/done',
      '/billing/change-plan/1/2/confirm',
      '/change-plan/1/2/confirm',
      '/backstage/tracks/3/edit',
      '/contact',
      '/pages/privacy-policy',
      '/pages/4/terms-of-service',
      '/api-docs',
    ]) {
      expect(matchAppRoute(path), path).not.toBeNull();
    }
  });
});
