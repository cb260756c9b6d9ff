import {
  searchTerms,
  type Playlist,
  type SearchResults,
  type SearchType,
  type Track,
} from '@backbeat/common';
import type { CatalogService, Viewer } from '../catalog/service.ts';
import type {
  SearchClause,
  SearchDocument,
  SearchIndexRepository,
  SearchKind,
} from './repository.ts';

export type SearchService = ReturnType<typeof createSearchService>;

/** A search for songs by field (Subsonic's v1 search); each text given narrows the songs. */
export interface SongCriteria {
  /** Words in the title, an artist's name or the album's name. */
  any?: string;
  artist?: string;
  album?: string;
  title?: string;
  /** Only songs added after this. */
  newerThan?: Date;
}

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

    /**
     * One page of the songs matching every given field, and how many the viewer may see in
     * all, the most popular first. A track's document holds its artists and album together
     * (`extra`), so the artists and albums whose own names match make the narrowing exact.
     */
    async songs(
      criteria: SongCriteria,
      page: { limit: number; offset: number },
      viewer: Viewer,
    ): Promise<{ total: number; tracks: Track[] }> {
      const terms = {
        any: searchTerms(criteria.any ?? ''),
        artist: searchTerms(criteria.artist ?? ''),
        album: searchTerms(criteria.album ?? ''),
        title: searchTerms(criteria.title ?? ''),
      };
      const clauses: SearchClause[] = [
        { field: 'either', terms: terms.any },
        { field: 'name', terms: terms.title },
        { field: 'extra', terms: [...terms.artist, ...terms.album] },
      ];
      const none = { total: 0, tracks: [] };
      if (!clauses.some((clause) => clause.terms.length)) return none;
      const named = (kind: SearchKind, words: string[]) =>
        words.length ? index.allMatches(kind, [{ field: 'name', terms: words }]) : undefined;
      const [candidates, artistIds, albumIds] = await Promise.all([
        index.allMatches('track', clauses),
        named('artist', terms.artist),
        named('album', terms.album),
      ]);
      if (!candidates.length || artistIds?.length === 0 || albumIds?.length === 0) return none;
      const matches = await catalog.visibleTrackIdsWhere(candidates, viewer, {
        ...(artistIds ? { artistIds } : {}),
        ...(albumIds ? { albumIds } : {}),
        ...(criteria.newerThan ? { createdAfter: criteria.newerThan } : {}),
      });
      const shown = matches.slice(page.offset, page.offset + page.limit);
      return { total: matches.length, tracks: await catalog.tracks(shown) };
    },

    upsert: (documents: SearchDocument[]) => index.upsert(documents),
    remove: (kind: SearchKind, ids: number[]) => index.remove(kind, ids),
  };
}
