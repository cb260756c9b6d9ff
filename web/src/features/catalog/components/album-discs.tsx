import type { Track } from '@backbeat/common';
import { useTrans } from '../../../lib/translator.ts';
import { TrackTable } from '../../../entities/listings/track-table.tsx';

interface Disc {
  number: number;
  title: string | null;
  tracks: Track[];
  /** Where the disc's first track is in the album. */
  start: number;
}

/** The album's tracks by disc, in the order the album has them (disc, then track). */
function discsOf(tracks: Track[]): Disc[] {
  const discs: Disc[] = [];
  tracks.forEach((track, index) => {
    const number = track.disc_number ?? 1;
    let disc = discs[discs.length - 1];
    if (!disc || disc.number !== number) {
      disc = { number, title: track.disc_title ?? null, tracks: [], start: index };
      discs.push(disc);
    }
    disc.tracks.push(track);
  });
  return discs;
}

/**
 * An album's track list: one list when it has one disc; otherwise a "Disc 1", "Disc 2: Live"
 * heading above each disc's tracks, numbered within the disc, and Play on any row plays on
 * through the following discs as the album does.
 */
export function AlbumTracks({ tracks }: { tracks: Track[] }) {
  const trans = useTrans();
  const discs = discsOf(tracks);
  if (discs.length < 2) {
    return (
      <TrackTable
        tracks={tracks}
        source="album"
        showAlbum={false}
        showArtwork={false}
        albumNumbers
        label={trans('Tracks')}
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {discs.map((disc) => {
        const heading = disc.title
          ? trans('Disc :number: :title', { number: String(disc.number), title: disc.title })
          : trans('Disc :number', { number: String(disc.number) });
        const id = `album-disc-${disc.number}`;
        return (
          <section key={`${disc.number}-${disc.start}`} aria-labelledby={id}>
            <h2 id={id} className="mb-2 break-words text-base font-semibold text-fg">
              {heading}
            </h2>
            <TrackTable
              tracks={disc.tracks}
              queue={{ tracks, start: disc.start }}
              source="album"
              showAlbum={false}
              showArtwork={false}
              albumNumbers
              label={heading}
            />
          </section>
        );
      })}
    </div>
  );
}
