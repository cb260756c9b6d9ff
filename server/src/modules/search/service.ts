import { searchTerms, type Playlist, type SearchResults, type SearchType } from '@backbeat/common';
import type { CatalogService, Viewer } from '../catalog/service.ts';
import type { SearchDocument, SearchIndexRepository, SearchKind } from './repository.ts';

export type SearchService = ReturnType<typeof createSearchService>;

export function createSearchService(deps: {
  index: SearchIndexRepository;
  catalog: CatalogService;
  /** The playlists service's `many` (search sits below playlists, which index their names). */
  playlists: { many(ids: readonly number[], viewer: Viewer): Promise<Playlist[]> };
}) {
  const { index, catalog } = deps;

  return {
    /** Each asked-for kind's best matches; prefix, case and accent insensitive. */
    async search(
      query: string,
      types: SearchType[],
      perPage: number,
      viewer: Viewer,
    ): Promise<SearchResults> {
      const terms = searchTerms(query);
      const results: SearchResults = {
        query,
        artists: [],
        albums: [],
        tracks: [],
        playlists: [],
        users: [],
        tags: [],
      };
      if (!terms.length) return results;
      const page = { limit: perPage, offset: 0 };
      // Private albums and tracks are in the index; ask for a few more, then drop hidden ones.
      const widened = { limit: perPage + 10, offset: 0 };
      await Promise.all(
        types.map(async (type) => {
          switch (type) {
            case 'artists':
              results.artists = await catalog.artists(
                await index.query('artist', terms, page),
                viewer,
              );
              break;
            case 'albums': {
              const ids = await index.query('album', terms, widened);
              results.albums = (await catalog.visibleAlbums(ids, viewer)).slice(0, perPage);
              break;
            }
            case 'tracks': {
              const ids = await index.query('track', terms, widened);
              results.tracks = (await catalog.visibleTracks(ids, viewer)).slice(0, perPage);
              break;
            }
            case 'playlists': {
              const ids = await index.query('playlist', terms, widened);
              results.playlists = (await deps.playlists.many(ids, viewer)).slice(0, perPage);
              break;
            }
            case 'tags':
              results.tags = await catalog.tagsByIds(await index.query('tag', terms, page), viewer);
              break;
            case 'users':
              results.users = await index.users(terms, query.trim(), perPage);
              break;
          }
        }),
      );
      return results;
    },
    upsert: (documents: SearchDocument[]) => index.upsert(documents),
    remove: (kind: SearchKind, ids: number[]) => index.remove(kind, ids),
  };
}
