import { z } from 'zod';
import { endpoint } from '../contract.ts';
import { idParamsSchema } from '../catalog/schemas.ts';
import {
  addLibraryFolderSchema,
  libraryFolderAccessInputSchema,
  libraryFolderSchema,
} from './schemas.ts';

/*
 * Library folders in the admin area (issue 18): settings.update plus admin.access. Scans run
 * as background jobs; these calls only ask for them and read their figures.
 */

const tags = ['admin: library-folders'];
const folder = z.object({ folder: libraryFolderSchema });

export const listLibraryFolders = endpoint({
  method: 'GET',
  path: '/api/v1/admin/library-folders',
  access: 'settings.update',
  summary: 'Library folders with their last scan (needs admin.access too)',
  tags,
  response: z.object({ folders: z.array(libraryFolderSchema) }),
});

export const addLibraryFolder = endpoint({
  method: 'POST',
  path: '/api/v1/admin/library-folders',
  access: 'settings.update',
  summary: 'Adds a folder of the server to the library and starts its first scan',
  tags,
  body: addLibraryFolderSchema,
  response: folder,
  status: 201,
});

export const scanLibraryFolder = endpoint({
  method: 'POST',
  path: '/api/v1/admin/library-folders/:id/scan',
  access: 'settings.update',
  summary: 'Starts a rescan (only changed files are read again)',
  tags,
  params: idParamsSchema,
  response: folder,
});

export const removeLibraryFolder = endpoint({
  method: 'DELETE',
  path: '/api/v1/admin/library-folders/:id',
  access: 'settings.update',
  summary: 'Removes a folder: its tracks leave the catalog (the files stay untouched)',
  tags,
  params: idParamsSchema,
  response: folder,
});

export const setLibraryFolderAccess = endpoint({
  method: 'PUT',
  path: '/api/v1/admin/library-folders/:id/access',
  access: 'settings.update',
  summary: 'Sets who sees the folder’s music: everyone, or chosen users and roles',
  tags,
  params: idParamsSchema,
  body: libraryFolderAccessInputSchema,
  response: folder,
});
