/*
 * Catalog rows made from an audio file's tags, shared by upload drafts (drafts.ts) and
 * library folders (library-catalog.ts), so both read a year or a compilation flag alike.
 */

/** Genre and tag names as the catalog keeps them: trimmed, lowercase, each once. */
export const lowerNames = (names: string[]) => [
  ...new Set(names.map((n) => n.trim().toLowerCase()).filter(Boolean)),
];

/** A new album named by tags: the year is its release date, a compilation flag its type. */
export function albumRowFromTags(input: {
  name: string;
  year: number | null | undefined;
  compilation: boolean | null | undefined;
  image: string | null;
  ownerId: number | null;
  status: 'draft' | 'published';
  stamp: string;
}) {
  return {
    name: input.name.slice(0, 255),
    release_date: input.year ? `${String(input.year).padStart(4, '0')}-01-01` : null,
    image: input.image,
    type: input.compilation ? 'compilation' : 'album',
    description: null,
    owner_id: input.ownerId,
    is_public: 0,
    plays: 0,
    popularity: 0,
    status: input.status,
    release_at: null,
    created_at: input.stamp,
    updated_at: input.stamp,
  };
}
