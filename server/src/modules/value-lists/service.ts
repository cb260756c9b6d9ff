import type { LocalizationsRepository } from '../localizations/repository.ts';

/** Codes that Intl names but that are not countries. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

function offsetLabel(timeZone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  return (part ?? 'GMT').replace('GMT', 'UTC').replace(/^UTC$/, 'UTC+00:00');
}

/** Timezones grouped by region, each labelled with its current offset: "(UTC+01:00) Paris". */
export function timezones(at = new Date()): Record<string, { value: string; text: string }[]> {
  const groups: Record<string, { value: string; text: string }[]> = {};
  for (const zone of [...Intl.supportedValuesOf('timeZone'), 'UTC']) {
    const [region, ...rest] = zone.split('/');
    const group = rest.length ? region! : 'Other';
    const city = (rest.at(-1) ?? zone).replaceAll('_', ' ');
    (groups[group] ??= []).push({ value: zone, text: `(${offsetLabel(zone, at)}) ${city}` });
  }
  return groups;
}

let countryCache: { code: string; name: string }[] | null = null;

/** ISO 3166 countries with English names, derived from the ICU data Node ships. */
export function countries(): { code: string; name: string }[] {
  if (countryCache) return countryCache;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const list: { code: string; name: string }[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = names.of(code);
      if (name && name !== code && !NOT_COUNTRIES.has(code)) list.push({ code, name });
    }
  }
  countryCache = list.sort((x, y) => x.name.localeCompare(y.name));
  return countryCache;
}

export function createValueListsService(localizations: LocalizationsRepository) {
  return {
    async get(names: string[]) {
      const result: Record<string, unknown> = {};
      for (const name of names) {
        if (name === 'timezones') result.timezones = timezones();
        if (name === 'countries') result.countries = countries();
        if (name === 'localizations') result.localizations = await localizations.list();
      }
      return result;
    },
  };
}
