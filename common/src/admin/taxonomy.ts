import { z } from 'zod';
import { resource, yesNoFilter } from '../resource.ts';
import { imageAddressField } from '../schemas/image-address.ts';

/*
 * The admin genres and tags screens (spec §2 admin routes, §6 permissions), declared once as
 * resources: the server registers these contracts, the web builds its table and form from them.
 */

const nameField = (what: string) =>
  z
    .string({ error: `The ${what} name is required.` })
    .trim()
    .min(1, `The ${what} name is required.`)
    .max(80, `The ${what} name may have at most 80 characters.`);

const displayNameField = z
  .string()
  .trim()
  .max(100, 'The display name may have at most 100 characters.')
  .optional();

/** An artwork address: a web address, or a path on this site (uploaded artwork). */
const imageField = imageAddressField.optional();

export const adminGenreSchema = z.object({
  id: z.number(),
  name: z.string(),
  display_name: z.string(),
  image: z.string().nullable(),
  popularity: z.number(),
  created_at: z.string(),
});
export type AdminGenre = z.infer<typeof adminGenreSchema>;

/** The name is kept lowercase (it is the genre's address); the display name keeps its case. */
export const createGenreSchema = z.object({
  name: nameField('genre'),
  display_name: displayNameField,
  image: imageField,
});
export const updateGenreSchema = createGenreSchema.partial();

/** Genres are listed under admin.access; changing them needs music.update (the catalog's editors). */
export const genresResource = resource({
  name: 'genres',
  item: 'genre',
  access: { view: 'admin.access', manage: 'music.update' },
  schemas: { row: adminGenreSchema, create: createGenreSchema, update: updateGenreSchema },
  sort: ['name', 'display_name', 'popularity', 'created_at'],
  defaultSort: { column: 'popularity', order: 'desc' },
  filters: { has_image: yesNoFilter },
});

export const adminTagSchema = z.object({
  id: z.number(),
  name: z.string(),
  display_name: z.string(),
  created_at: z.string(),
});
export type AdminTag = z.infer<typeof adminTagSchema>;

export const createTagSchema = z.object({ name: nameField('tag'), display_name: displayNameField });
export const updateTagSchema = createTagSchema.partial();

export const tagsResource = resource({
  name: 'tags',
  item: 'tag',
  access: { view: 'tags.update', manage: 'tags.update' },
  schemas: { row: adminTagSchema, create: createTagSchema, update: updateTagSchema },
  sort: ['name', 'display_name', 'created_at'],
  defaultSort: { column: 'name', order: 'asc' },
  filters: { in_use: yesNoFilter },
});
