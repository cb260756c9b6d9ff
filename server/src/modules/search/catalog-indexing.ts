import type { SearchDocument, SearchIndexRepository } from './repository.ts';
import { searchDocument } from './document.ts';

const BATCH = 1000;

const namesByOwner = (rows: { owner: number; name: string }[]) => {
  const map = new Map<number, string[]>();
  for (const row of rows) map.set(row.owner, [...(map.get(row.owner) ?? []), row.name]);
  return map;
};

/** Keeps the search index in step with the catalog (whole rebuilds after seeding). */
type Page<T> = (afterId: number, limit: number) => Promise<T[]>;
interface Named {
  id: number;
  name: string;
  popularity: number;
}
type OwnerNames = (ids: number[]) => Promise<{ owner: number; name: string }[]>;

/** The catalog's rows as documents are made of them (catalog-writes/documents-repository.ts). */
export interface DocumentSource {
  artistDocuments: Page<Named>;
  albumDocuments: Page<Named>;
  trackDocuments: Page<Named & { album_name: string | null }>;
  tagDocuments: Page<{ id: number; name: string; display_name: string }>;
  playlistDocuments: Page<{ id: number; name: string }>;
  artistNamesOfAlbums: OwnerNames;
  artistNamesOfTracks: OwnerNames;
}

export function createCatalogIndexer(deps: {
  writes: DocumentSource;
  index: SearchIndexRepository;
}) {
  const { writes, index } = deps;

  async function each<T extends { id: number }>(
    load: (afterId: number, limit: number) => Promise<T[]>,
    toDocuments: (rows: T[]) => Promise<SearchDocument[]>,
  ) {
    let after = 0;
    for (;;) {
      const rows = await load(after, BATCH);
      if (!rows.length) return;
      await index.upsert(await toDocuments(rows));
      after = rows.at(-1)!.id;
    }
  }

  return {
    async reindexAll(): Promise<void> {
      await each(writes.artistDocuments, async (rows) =>
        rows.map((r) => searchDocument('artist', r.id, r.name, '', r.popularity)),
      );
      await each(writes.albumDocuments, async (rows) => {
        const names = namesByOwner(await writes.artistNamesOfAlbums(rows.map((r) => r.id)));
        return rows.map((r) =>
          searchDocument('album', r.id, r.name, (names.get(r.id) ?? []).join(' '), r.popularity),
        );
      });
      await each(writes.trackDocuments, async (rows) => {
        const names = namesByOwner(await writes.artistNamesOfTracks(rows.map((r) => r.id)));
        return rows.map((r) =>
          searchDocument(
            'track',
            r.id,
            r.name,
            [...(names.get(r.id) ?? []), r.album_name ?? ''].join(' '),
            r.popularity,
          ),
        );
      });
      await each(writes.tagDocuments, async (rows) =>
        rows.map((r) => searchDocument('tag', r.id, r.display_name, r.name, 10)),
      );
      await each(writes.playlistDocuments, async (rows) =>
        rows.map((r) => searchDocument('playlist', r.id, r.name, '', 10)),
      );
    },
  };
}
