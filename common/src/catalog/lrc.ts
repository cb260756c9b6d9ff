/** One lyrics line; `time` is milliseconds from the start, null for plain lyrics. */
export interface LyricLine {
  time: number | null;
  text: string;
}

const STAMP = /\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]/g;
const META = /^\[(ar|ti|al|au|by|re|ve|length|offset|#):?([^\]]*)\]\s*$/i;

function stampToMs(minutes: string, seconds: string, fraction: string | undefined): number {
  const frac = fraction ? Number(fraction.padEnd(3, '0').slice(0, 3)) : 0;
  return Number(minutes) * 60_000 + Number(seconds) * 1000 + frac;
}

/**
 * Reads LRC (`[mm:ss.xx] line`, several stamps per line allowed, `[offset:+/-ms]` honoured)
 * or plain text. Synced lines come sorted by time; plain text keeps its lines with no time.
 */
export function parseLyrics(text: string): { synced: boolean; lines: LyricLine[] } {
  const rows = text.replace(/\r\n?/g, '\n').split('\n');
  let offset = 0;
  const timed: { time: number; text: string }[] = [];
  for (const row of rows) {
    const meta = META.exec(row.trim());
    if (meta) {
      if (meta[1]?.toLowerCase() === 'offset') offset = Number.parseInt(meta[2] ?? '0', 10) || 0;
      continue;
    }
    const stamps = [...row.matchAll(STAMP)];
    if (!stamps.length) continue;
    const lyric = row.replace(STAMP, '').trim();
    for (const stamp of stamps) {
      timed.push({ time: stampToMs(stamp[1]!, stamp[2]!, stamp[3]), text: lyric });
    }
  }
  if (timed.length) {
    // A positive offset shows lines earlier (LRC convention).
    const lines = timed
      .map((line) => ({ time: Math.max(0, line.time - offset), text: line.text }))
      .sort((a, b) => a.time - b.time);
    return { synced: true, lines };
  }
  return {
    synced: false,
    lines: rows.map((row) => ({ time: null, text: row.trim() })),
  };
}

/** The index of the line sung at `positionMs`, or -1 before the first line. */
export function activeLyricIndex(lines: LyricLine[], positionMs: number): number {
  let low = 0;
  let high = lines.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((lines[mid]!.time ?? 0) <= positionMs) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}

/** Writes lines back as LRC, as the demo seeder and editors store synced lyrics. */
export function formatLrc(lines: { time: number; text: string }[]): string {
  return lines
    .map(({ time, text }) => {
      const minutes = Math.floor(time / 60_000);
      const seconds = Math.floor((time % 60_000) / 1000);
      const hundredths = Math.floor((time % 1000) / 10);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `[${pad(minutes)}:${pad(seconds)}.${pad(hundredths)}]${text}`;
    })
    .join('\n');
}
