const UNITS: [unit: Intl.RelativeTimeFormatUnit, seconds: number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export type RelativeTimeParts =
  { kind: 'now' } | { kind: 'unit'; unit: Intl.RelativeTimeFormatUnit; value: number };

/** Spec §9: "a few seconds ago" under 60 seconds, then minutes, hours, days, weeks, months, years. */
export function relativeTimeParts(date: Date | string, now: Date = new Date()): RelativeTimeParts {
  const then = typeof date === 'string' ? new Date(date) : date;
  const diffSeconds = (then.getTime() - now.getTime()) / 1000;
  const abs = Math.abs(diffSeconds);
  if (abs < 60) return { kind: 'now' };
  for (const [unit, seconds] of UNITS) {
    if (abs >= seconds) {
      return { kind: 'unit', unit, value: Math.trunc(diffSeconds / seconds) };
    }
  }
  return { kind: 'now' };
}

export function formatRelativeTime(
  date: Date | string,
  options: { now?: Date; locale?: string; translate?: (line: string) => string } = {},
): string {
  const parts = relativeTimeParts(date, options.now);
  if (parts.kind === 'now') return (options.translate ?? ((l) => l))('a few seconds ago');
  return new Intl.RelativeTimeFormat(options.locale ?? 'en', { numeric: 'always' }).format(
    parts.value,
    parts.unit,
  );
}
