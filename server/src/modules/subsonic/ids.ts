import { missing, notFound, type SubsonicParams } from './protocol.ts';

/** Subsonic ids are strings; Backbeat's say what they name: `ar-1`, `al-1`, `tr-1`, `pl-1`. */
export const ID_KINDS = { ar: 'artist', al: 'album', tr: 'song', pl: 'playlist' } as const;
export type IdKind = keyof typeof ID_KINDS;

const MAX_ID = 2_147_483_647;

/** The kind and number of an id; a bare number is taken as `fallback`'s kind. */
export function parseId(raw: string, fallback?: IdKind): { kind: IdKind; id: number } | null {
  const match = /^(?:(ar|al|tr|pl)-)?(\d{1,10})$/.exec(raw.trim());
  if (!match) return null;
  const kind = (match[1] as IdKind | undefined) ?? fallback;
  const id = Number(match[2]);
  if (!kind || id < 1 || id > MAX_ID) return null;
  return { kind, id };
}

/** The required id parameter `name` naming a `kind`; anything else is "not found". */
export function requireId(params: SubsonicParams, name: string, kind: IdKind): number {
  const raw = params.string(name);
  if (raw === undefined || raw === '') throw missing(name);
  const parsed = parseId(raw, kind);
  if (!parsed || parsed.kind !== kind) throw notFound(capitalised(ID_KINDS[kind]));
  return parsed.id;
}

/** Every value of a repeatable id parameter naming a `kind`, skipping what names another. */
export function idsOf(params: SubsonicParams, name: string, kind: IdKind): number[] {
  return params
    .all(name)
    .map((raw) => parseId(raw, kind))
    .filter((parsed): parsed is { kind: IdKind; id: number } => parsed?.kind === kind)
    .map((parsed) => parsed.id);
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
