import type { Trans } from '../../lib/translator.ts';

const numbers = new Intl.NumberFormat();

export const formatCount = (value: number) => numbers.format(value);

/** 0.4 → "40%". */
export const formatShare = (value: number) =>
  new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 }).format(value);

/** A play's length: "3:05". */
export function formatClock(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Time listened in total: "12 h 5 min", "7 min". */
export function formatListened(ms: number, trans: Trans): string {
  const minutes = Math.round(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  if (!hours) return trans(':minutes min', { minutes: String(minutes) });
  return trans(':hours h :minutes min', {
    hours: numbers.format(hours),
    minutes: String(minutes % 60),
  });
}

/** The change from the previous period: "+25%", "−10%", or null when there was nothing. */
export function changeOf(current: number, previous: number): number | null {
  if (!previous) return null;
  return (current - previous) / previous;
}

/** A bucket's label on the chart and in its table. */
export function formatBucket(date: string, granularity: string): string {
  const value = new Date(`${date}T00:00:00Z`);
  const options: Intl.DateTimeFormatOptions =
    granularity === 'month'
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : { month: 'short', day: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(undefined, options).format(value);
}

/** Names a ranked value for people: countries by name, the rest translated. */
export function dimensionLabel(dimension: string, value: string, trans: Trans): string {
  if (value === 'unknown') return trans('Unknown');
  if (dimension === 'country') {
    try {
      return new Intl.DisplayNames(undefined, { type: 'region' }).of(value) ?? value;
    } catch {
      return value;
    }
  }
  if (dimension === 'device' || dimension === 'source') {
    const labels: Record<string, string> = {
      desktop: trans('Desktop'),
      mobile: trans('Mobile'),
      tablet: trans('Tablet'),
      other: trans('Other'),
      search: trans('Search'),
      playlist: trans('Playlists'),
      radio: trans('Radio'),
      profile: trans('Profiles'),
      embed: trans('Embeds'),
      album: trans('Album pages'),
      artist: trans('Artist pages'),
      track: trans('Track pages'),
      library: trans('Library'),
      direct: trans('Direct'),
    };
    return labels[value] ?? value;
  }
  return value;
}
