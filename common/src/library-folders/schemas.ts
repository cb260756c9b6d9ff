import { z } from 'zod';

/*
 * Library folders (issue 18): folders on the server's disk whose music joins the catalog where
 * it is, scanned in the background. The admin sees each folder with its last scan's figures
 * and the files that could not be added, with the reason.
 */

export const LIBRARY_FOLDER_STATUSES = ['idle', 'queued', 'scanning', 'removing'] as const;
export type LibraryFolderStatus = (typeof LIBRARY_FOLDER_STATUSES)[number];

/** The audio files a scan reads, by extension (what music-metadata and ffmpeg both take). */
export const LIBRARY_AUDIO_EXTENSIONS = [
  'mp3',
  'flac',
  'm4a',
  'mp4',
  'aac',
  'ogg',
  'oga',
  'opus',
  'wav',
  'aif',
  'aiff',
  'wma',
] as const;

export const LIBRARY_LIMITS = { pathLength: 1000, nameLength: 100, failuresShown: 50 } as const;

/** An absolute path: `/srv/music`, `C:\Music` or a `\\server\share`. */
const ABSOLUTE_PATH = /^(\/|[A-Za-z]:[\\/]|\\\\)/;

export const addLibraryFolderSchema = z.object({
  path: z
    .string({ error: 'Enter the folder’s path.' })
    .trim()
    .min(1, { error: 'Enter the folder’s path.', abort: true })
    .max(LIBRARY_LIMITS.pathLength, { error: 'The path is too long.', abort: true })
    .refine((path) => !path.includes('\0'), 'The path is not valid.')
    .refine((path) => ABSOLUTE_PATH.test(path), 'Enter the full path, like /srv/music.'),
  name: z
    .string({ error: 'The name must be text.' })
    .trim()
    .max(LIBRARY_LIMITS.nameLength, 'The name is too long.')
    .optional(),
});
export type AddLibraryFolderInput = z.input<typeof addLibraryFolderSchema>;

/** Who sees a folder's music: the whole site, or the users and roles chosen (issue 18). */
export const LIBRARY_ACCESS = ['everyone', 'chosen'] as const;
export type LibraryAccess = (typeof LIBRARY_ACCESS)[number];
export const LIBRARY_GRANTS_MAX = 200;

const grantIds = (what: string) =>
  z
    .array(
      z
        .number({ error: `Choose ${what} from the list.` })
        .int()
        .positive(),
      {
        error: `Choose ${what} from the list.`,
      },
    )
    .max(LIBRARY_GRANTS_MAX, `Choose at most ${LIBRARY_GRANTS_MAX} ${what}.`)
    .default([]);

export const libraryFolderAccessInputSchema = z.object({
  access: z.enum(LIBRARY_ACCESS, { error: 'Choose who may see this folder’s music.' }),
  user_ids: grantIds('users'),
  role_ids: grantIds('roles'),
});
export type LibraryFolderAccessInput = z.input<typeof libraryFolderAccessInputSchema>;
export type LibraryFolderAccess = z.output<typeof libraryFolderAccessInputSchema>;

const grantee = z.object({ id: z.number().int(), name: z.string() });

export const libraryFileFailureSchema = z.object({
  path: z.string(),
  reason: z.string(),
});

export const libraryScanFiguresSchema = z.object({
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Audio files found by the walk (known while scanning: the progress bar's end). */
  total: z.number().int(),
  seen: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  failed: z.number().int(),
});
export type LibraryScanFigures = z.infer<typeof libraryScanFiguresSchema>;

export const libraryFolderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  path: z.string(),
  status: z.enum(LIBRARY_FOLDER_STATUSES),
  /** Why the last scan could not read the folder at all. */
  error: z.string().nullable(),
  tracks_count: z.number().int(),
  last_scan: libraryScanFiguresSchema,
  /** Files that could not be added, with the reason (the first few). */
  failures: z.array(libraryFileFailureSchema),
  /** `chosen`: only these users and members of these roles (and music admins) see its music. */
  access: z.enum(LIBRARY_ACCESS),
  users: z.array(grantee),
  roles: z.array(grantee),
  created_at: z.string(),
});
export type LibraryFolder = z.infer<typeof libraryFolderSchema>;

/**
 * The background analysis of library files (issue 42): files whose loudness and length are
 * still to be measured, in every folder; the rate over the last minute; the time left at it.
 */
export const libraryAnalysisProgressSchema = z.object({
  files_left: z.number().int(),
  files_per_second: z.number(),
  seconds_left: z.number().int().nullable(),
});
export type LibraryAnalysisProgress = z.infer<typeof libraryAnalysisProgressSchema>;
