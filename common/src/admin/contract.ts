import { genresResource, tagsResource } from './taxonomy.ts';

/** The admin resources' endpoints, one export per contract (as contracts.ts lists them). */
export const {
  list: listAdminGenres,
  show: getAdminGenre,
  create: createAdminGenre,
  update: updateAdminGenre,
  deleteMany: deleteAdminGenres,
} = genresResource;

export const {
  list: listAdminTags,
  show: getAdminTag,
  create: createAdminTag,
  update: updateAdminTag,
  deleteMany: deleteAdminTags,
} = tagsResource;
