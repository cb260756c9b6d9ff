import type { RadioSeedType, RadioStation, Track } from '@backbeat/common';
import type { CatalogService, Viewer } from '../catalog/service.ts';
import type { PlaysService } from '../plays/service.ts';
import { notFound } from '../../lib/domain-errors.ts';
import type { RadioRepository } from './repository.ts';

export type RadioService = ReturnType<typeof createRadioService>;

const STATION_SIZE = 50;

/**
 * Weighted merge of candidate lists: earlier in a list and in more lists ranks higher, with
 * a little randomness so two stations from one seed differ; the same artist never plays
 * twice in a row when another choice exists.
 */
export function mixStation(
  lists: { ids: number[]; weight: number }[],
  tracks: Map<number, Track>,
  exclude: Set<number>,
  random: () => number = Math.random,
): Track[] {
  const scores = new Map<number, number>();
  for (const { ids, weight } of lists) {
    ids.forEach((id, index) => {
      if (exclude.has(id) || !tracks.has(id)) return;
      const score = weight * (1 - index / (ids.length + 1));
      scores.set(id, (scores.get(id) ?? 0) + score);
    });
  }
  const ranked = [...scores.entries()]
    .map(([id, score]) => ({ id, score: score * (0.75 + random() * 0.5) }))
    .sort((a, b) => b.score - a.score)
    .map(({ id }) => tracks.get(id)!);

  const result: Track[] = [];
  const pool = ranked.slice(0, STATION_SIZE * 2);
  while (pool.length && result.length < STATION_SIZE) {
    const lastArtist = result.at(-1)?.artists[0]?.id;
    const index = pool.findIndex((t) => t.artists[0]?.id !== lastArtist);
    result.push(pool.splice(index === -1 ? 0 : index, 1)[0]!);
  }
  return result;
}

export function createRadioService(deps: {
  repository: RadioRepository;
  catalog: CatalogService;
  plays: PlaysService;
}) {
  const { repository, catalog, plays } = deps;

  async function build(
    lists: { ids: number[]; weight: number }[],
    viewer: Viewer,
    first: Track[] = [],
  ): Promise<Track[]> {
    const all = [...new Set(lists.flatMap((l) => l.ids))];
    const visible = await catalog.visibleTracks(all, viewer);
    const byId = new Map(visible.map((t) => [t.id, t]));
    const exclude = new Set(first.map((t) => t.id));
    return [...first, ...mixStation(lists, byId, exclude)].slice(0, STATION_SIZE);
  }

  return {
    /**
     * A station from the local catalog only: shared genres and tags, related artists, co-plays.
     * A seed this viewer cannot see is not found.
     */
    async station(type: RadioSeedType, id: number, viewer: Viewer): Promise<RadioStation> {
      const key = viewer.userId ?? 0;
      if (type === 'track') {
        const seed = await catalog.track(id, viewer);
        if (!seed) throw notFound();
        const artistId = seed.artists[0]?.id;
        const byArtist = artistId ? await catalog.artistPage(artistId, viewer) : null;
        const [shared, also, similarTracks] = await Promise.all([
          repository.sharingTaxonomy([id], key, 100),
          plays.alsoPlayed([id], 50),
          Promise.all(
            (byArtist?.similar ?? [])
              .slice(0, 5)
              .map((a) => catalog.artistTracks(a.id, viewer, { page: 1, perPage: 5 })),
          ),
        ]);
        const tracks = await build(
          [
            { ids: shared, weight: 3 },
            { ids: also, weight: 3 },
            { ids: byArtist?.top_tracks.map((t) => t.id) ?? [], weight: 2 },
            { ids: similarTracks.flatMap((p) => p.data.map((t) => t.id)), weight: 2 },
          ],
          viewer,
          [seed],
        );
        return { seed: { type, id, name: seed.name, image: seed.image }, tracks };
      }

      if (type === 'artist') {
        const page = await catalog.artistPage(id, viewer);
        if (!page) throw notFound();
        const topIds = page.top_tracks.map((t) => t.id);
        const [shared, also, similarTracks] = await Promise.all([
          repository.sharingTaxonomy(topIds.slice(0, 5), key, 100),
          plays.alsoPlayed(topIds, 50),
          Promise.all(
            page.similar.map((a) => catalog.artistTracks(a.id, viewer, { page: 1, perPage: 6 })),
          ),
        ]);
        const tracks = await build(
          [
            { ids: topIds, weight: 4 },
            { ids: similarTracks.flatMap((p) => p.data.map((t) => t.id)), weight: 3 },
            { ids: also, weight: 3 },
            { ids: shared, weight: 2 },
          ],
          viewer,
        );
        const { artist } = page;
        return { seed: { type, id, name: artist.name, image: artist.image }, tracks };
      }

      const genre = await catalog.genreById(id);
      if (!genre) throw notFound();
      const popular = await catalog.genreTracks(genre.id, viewer, 150);
      const ids = popular.map((t) => t.id);
      const also = await plays.alsoPlayed(ids.slice(0, 10), 40);
      const tracks = await build(
        [
          { ids, weight: 4 },
          { ids: also, weight: 1 },
        ],
        viewer,
      );
      return {
        seed: { type, id, name: genre.display_name, image: genre.image },
        tracks,
      };
    },
  };
}
