import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_DEFINITIONS, type Pagination } from '@backbeat/common';
import type { EndpointDefinition } from '@backbeat/common/contract';
import * as contracts from '@backbeat/common/contracts';
import type { AdminGenre, AdminTag } from '@backbeat/common/admin/taxonomy';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createArtist, createGenre, createTag, createTrack } from '../helpers/catalog.ts';
import { openBrowser, type Browser } from '../helpers/client.ts';
import { createUser } from '../helpers/factories.ts';

/*
 * The admin resource pattern (issue 21 part C) on genres and tags: list with page, sort, text
 * and column filters; show; create; update; delete many; with the same 422, 403 and 404 rules.
 */

let t: TestApp;
let admin: Browser;
const GENRES = '/api/v1/admin/genres';
const TAGS = '/api/v1/admin/tags';

type GenrePage = { pagination: Pagination<AdminGenre> };

beforeAll(async () => {
  t = await createTestApp();
  admin = await openBrowser(t.app);
  await admin.login(t.admin.email, t.admin.password);
  // "Zq" marks this file's rows, so seeded genres never change what a filter finds.
  for (const name of ['Zq Ambient', 'Zq Bossa', 'Zq Cumbia', 'Zq Dub', 'Zq Electro']) {
    await createGenre(t.app, name);
  }
  await t.app.services.catalogWrites.insertGenre({
    name: 'zq 100%_real',
    display_name: 'Zq 100%_real',
    image: '/storage/public/artwork/zq.svg',
    popularity: 7,
    created_at: new Date().toISOString(),
  });
});
afterAll(() => t.close());

let roleCount = 0;
async function as(permissions: string[]) {
  const role = `role-${++roleCount}-${permissions.length}`;
  await t.app.services.roles.createRole({ name: role, description: role, permissions });
  const user = await createUser(t.app, { roleNames: [role] });
  const browser = await openBrowser(t.app);
  await browser.login(user.email, user.password);
  return browser;
}

const names = (page: GenrePage) => page.pagination.data.map((genre) => genre.name);

describe('GET admin/genres', () => {
  it('pages through the rows in the spec list shape', async () => {
    const response = await admin.get(`${GENRES}?query=zq&sort=name&perPage=2&page=2`);
    expect(response.statusCode).toBe(200);
    const page = response.json() as GenrePage;
    expect(page.pagination).toMatchObject({
      current_page: 2,
      per_page: 2,
      total: 6,
      last_page: 3,
      from: 3,
      to: 4,
    });
    expect(names(page)).toEqual(['zq bossa', 'zq cumbia']);
  });

  it('sorts by an allow-listed column in either order', async () => {
    const descending = (await admin.get(`${GENRES}?query=zq&sort=name&order=desc`)).json();
    expect(names(descending as GenrePage).slice(0, 2)).toEqual(['zq electro', 'zq dub']);
    const byPopularity = (await admin.get(`${GENRES}?query=zq&sort=popularity&order=desc`)).json();
    expect(names(byPopularity as GenrePage)[0]).toBe('zq 100%_real');
  });

  it('refuses to sort by a column that is not allow-listed, with 422 and no SQL run', async () => {
    for (const sort of ['id; drop table genres', 'image', 'popularity desc']) {
      const response = await admin.get(`${GENRES}?sort=${encodeURIComponent(sort)}`);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toHaveProperty('sort');
    }
    expect((await admin.get(`${GENRES}?order=sideways`)).statusCode).toBe(422);
    expect((await admin.get(`${GENRES}?query=zq`)).json().pagination.total).toBe(6);
  });

  it('finds text in name or display name, taking % and _ literally', async () => {
    const cumbia = (await admin.get(`${GENRES}?query=CUMB`)).json() as GenrePage;
    expect(names(cumbia)).toEqual(['zq cumbia']);
    const percent = (await admin.get(`${GENRES}?query=${encodeURIComponent('%')}`)).json();
    expect(names(percent as GenrePage)).toEqual(['zq 100%_real']);
    const underscore = (await admin.get(`${GENRES}?query=q_`)).json() as GenrePage;
    expect(underscore.pagination.total).toBe(0);
  });

  it('narrows by a column filter, and refuses a value the filter does not know', async () => {
    const withImage = (await admin.get(`${GENRES}?query=zq&has_image=yes`)).json() as GenrePage;
    expect(names(withImage)).toEqual(['zq 100%_real']);
    const without = (await admin.get(`${GENRES}?query=zq&has_image=no`)).json() as GenrePage;
    expect(without.pagination.total).toBe(5);
    const bad = await admin.get(`${GENRES}?has_image=maybe`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('has_image');
  });

  it('refuses page sizes and pages out of range', async () => {
    expect((await admin.get(`${GENRES}?perPage=101`)).statusCode).toBe(422);
    expect((await admin.get(`${GENRES}?page=0`)).statusCode).toBe(422);
    expect((await admin.get(`${GENRES}?page=abc`)).statusCode).toBe(422);
  });
});

describe('admin/genres writes', () => {
  it('creates a genre with a lowercase name, shows it, and lists it', async () => {
    const created = await admin.post(GENRES, { name: 'Zq Gqom' });
    expect(created.statusCode).toBe(201);
    const { genre } = created.json() as { genre: AdminGenre };
    expect(genre).toMatchObject({ name: 'zq gqom', display_name: 'Zq Gqom', image: null });
    const shown = await admin.get(`${GENRES}/${genre.id}`);
    expect(shown.json()).toEqual({ genre });
    expect(names((await admin.get(`${GENRES}?query=gqom`)).json() as GenrePage)).toEqual([
      'zq gqom',
    ]);
  });

  it('updates a genre, and the public genre answer follows at once', async () => {
    const { genre } = (await admin.post(GENRES, { name: 'Zq Highlife' })).json() as {
      genre: AdminGenre;
    };
    const updated = await admin.put(`${GENRES}/${genre.id}`, {
      display_name: 'Zq High Life',
      image: 'https://images.example/highlife.png',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().genre).toMatchObject({
      id: genre.id,
      name: 'zq highlife',
      display_name: 'Zq High Life',
      image: 'https://images.example/highlife.png',
    });
    const artist = await createArtist(t.app, { genreIds: [genre.id] });
    expect((await admin.get(`/api/v1/artists/${artist.id}`)).json().artist.genres[0]).toMatchObject(
      { display_name: 'Zq High Life' },
    );
    await admin.put(`${GENRES}/${genre.id}`, { display_name: 'Zq Highlife!' });
    const again = (await admin.get(`/api/v1/artists/${artist.id}`)).json();
    expect(again.artist.genres[0].display_name).toBe('Zq Highlife!');
  });

  it('answers 422 on the field for a taken name (in any case), a blank name or a bad image', async () => {
    const taken = await admin.post(GENRES, { name: 'ZQ DUB' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.name).toEqual(['The name has already been taken.']);
    const dub = (await admin.get(`${GENRES}?query=zq dub`)).json() as GenrePage;
    const ambient = (await admin.get(`${GENRES}?query=zq ambient`)).json() as GenrePage;
    const rename = await admin.put(`${GENRES}/${ambient.pagination.data[0]!.id}`, {
      name: 'zq dub',
    });
    expect(rename.statusCode).toBe(422);
    expect(rename.json().errors).toHaveProperty('name');
    // Keeping its own name is no clash.
    const same = await admin.put(`${GENRES}/${dub.pagination.data[0]!.id}`, { name: 'Zq Dub' });
    expect(same.statusCode).toBe(200);
    const blank = await admin.post(GENRES, { name: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toHaveProperty('name');
    const image = await admin.post(GENRES, { name: 'Zq Image', image: 'javascript:alert(1)' });
    expect(image.statusCode).toBe(422);
    expect(image.json().errors).toHaveProperty('image');
  });

  it('answers 404 for an id that is not there, on show, update and delete', async () => {
    expect((await admin.get(`${GENRES}/999999`)).statusCode).toBe(404);
    expect((await admin.put(`${GENRES}/999999`, { name: 'x' })).statusCode).toBe(404);
    expect((await admin.delete(`${GENRES}/999999`)).statusCode).toBe(404);
    expect((await admin.get(`${GENRES}/abc`)).statusCode).toBe(422);
  });

  it('deletes several genres at once, all or none', async () => {
    const ids: number[] = [];
    for (const name of ['Zq Kwaito', 'Zq Lambada']) {
      ids.push(((await admin.post(GENRES, { name })).json() as { genre: AdminGenre }).genre.id);
    }
    const track = await createTrack(t.app, { genreIds: ids });
    const partly = await admin.delete(`${GENRES}/${ids[0]},999999`);
    expect(partly.statusCode).toBe(404);
    expect((await admin.get(`${GENRES}/${ids[0]}`)).statusCode).toBe(200);

    const deleted = await admin.delete(`${GENRES}/${ids.join(',')}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: 2 });
    for (const id of ids) expect((await admin.get(`${GENRES}/${id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/v1/tracks/${track.id}`)).json().track.genres).toEqual([]);
    expect((await admin.delete(`${GENRES}/1,x`)).statusCode).toBe(422);
  });
});

describe('who may use admin/genres', () => {
  it('answers 401 to a guest and 403 to a listener, on every route', async () => {
    const guest = await openBrowser(t.app);
    const listener = await as(['music.view']);
    for (const [browser, status] of [
      [guest, 401],
      [listener, 403],
    ] as const) {
      expect((await browser.get(GENRES)).statusCode).toBe(status);
      expect((await browser.get(`${GENRES}/1`)).statusCode).toBe(status);
      expect((await browser.post(GENRES, { name: 'Zq Nope' })).statusCode).toBe(status);
      expect((await browser.put(`${GENRES}/1`, { name: 'Zq Nope' })).statusCode).toBe(status);
      expect((await browser.delete(`${GENRES}/1`)).statusCode).toBe(status);
    }
  });

  it('lets admin.access read but not write without music.update, and needs admin.access too', async () => {
    const viewer = await as(['admin.access']);
    expect((await viewer.get(`${GENRES}?query=zq`)).statusCode).toBe(200);
    expect((await viewer.post(GENRES, { name: 'Zq Nope' })).statusCode).toBe(403);
    const editorOutsideAdmin = await as(['music.update']);
    expect((await editorOutsideAdmin.post(GENRES, { name: 'Zq Nope' })).statusCode).toBe(403);
    const editor = await as(['admin.access', 'music.update']);
    expect((await editor.post(GENRES, { name: 'Zq Editor' })).statusCode).toBe(201);
  });
});

describe('admin/tags (the second resource, same pattern)', () => {
  it('lists, filters by use, creates, updates and deletes tags under tags.update', async () => {
    const used = await createTag(t.app, 'Zq Night');
    await createTag(t.app, 'Zq Unused');
    await createTrack(t.app, { tagIds: [used.id] });
    const curator = await as(['admin.access', 'tags.update']);
    const page = (await curator.get(`${TAGS}?query=zq&in_use=yes`)).json() as {
      pagination: Pagination<AdminTag>;
    };
    expect(page.pagination.data.map((tag) => tag.name)).toEqual(['zq night']);
    expect((await curator.get(`${TAGS}?sort=popularity`)).statusCode).toBe(422);
    const created = await curator.post(TAGS, { name: 'Zq Rainy' });
    expect(created.statusCode).toBe(201);
    const { tag } = created.json() as { tag: AdminTag };
    expect((await curator.post(TAGS, { name: 'zq rainy' })).statusCode).toBe(422);
    const updated = await curator.put(`${TAGS}/${tag.id}`, { display_name: 'Zq Rainy Days' });
    expect(updated.json().tag.display_name).toBe('Zq Rainy Days');
    expect((await curator.delete(`${TAGS}/${tag.id}`)).json()).toEqual({ deleted: 1 });
    expect((await (await as(['admin.access'])).get(TAGS)).statusCode).toBe(403);
  });
});

describe('the admin route table', () => {
  const adminRoutes = () => collectAdminRoutes();

  /** Every registered admin API route, with its contract's own permission. */
  function collectAdminRoutes() {
    const routes: { method: string; url: string; access: string }[] = [];
    for (const contract of Object.values(contracts) as EndpointDefinition[]) {
      if (typeof contract?.path === 'string' && contract.path.startsWith('/api/v1/admin/')) {
        routes.push({ method: contract.method, url: contract.path, access: contract.access });
      }
    }
    return routes;
  }

  async function call(browser: Browser, route: { method: string; url: string }) {
    const url = route.url.replace(/:\w+/g, '1');
    if (route.method === 'GET') return browser.get(url);
    if (route.method === 'POST') return browser.post(url, { name: 'Zq Walk' });
    if (route.method === 'PUT') return browser.put(url, { name: 'Zq Walk' });
    return browser.delete(url);
  }

  it('needs admin.access besides its own permission on every admin route', async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const everythingButAdmin = PERMISSION_DEFINITIONS.map((p) => p.name).filter(
      (name) => name !== 'admin' && name !== 'admin.access',
    );
    const outsider = await as(everythingButAdmin);
    const onlyAdminAccess = await as(['admin.access']);
    for (const route of routes) {
      expect((await call(outsider, route)).statusCode, `${route.method} ${route.url}`).toBe(403);
      if (route.access !== 'admin.access') {
        const response = await call(onlyAdminAccess, route);
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      }
    }
  });
});
