import { z } from 'zod';

/** The Subsonic API version Backbeat speaks, with the OpenSubsonic extensions below. */
export const SUBSONIC_API_VERSION = '1.16.1';
export const SUBSONIC_SERVER_TYPE = 'backbeat';

/** Subsonic error codes (subsonic.org/pages/api.jsp, OpenSubsonic errors). */
export const SUBSONIC_ERRORS = {
  generic: 0,
  missingParameter: 10,
  clientTooOld: 20,
  serverTooOld: 30,
  wrongCredentials: 40,
  tokenAuthNotSupported: 41,
  authMechanismNotSupported: 42,
  conflictingAuth: 43,
  invalidApiKey: 44,
  notAuthorized: 50,
  notFound: 70,
} as const;

export const OPEN_SUBSONIC_EXTENSIONS = [
  { name: 'apiKeyAuthentication', versions: [1] },
  { name: 'formPost', versions: [1] },
  { name: 'songLyrics', versions: [1] },
] as const;

/**
 * Failed /rest sign-ins within a window before it stops checking: per account (its user name,
 * from any address), and per address over all names and API keys (a household's apps may
 * mistype several names). At most `maxTracked` accounts and addresses are remembered each.
 */
export const SUBSONIC_SIGN_IN_THROTTLE = {
  perAccount: 5,
  perAddress: 30,
  windowMs: 60_000,
  maxTracked: 10_000,
};
/** User names are email addresses, which are at most this long (the login form's limit). */
export const SUBSONIC_MAX_USER_NAME_LENGTH = 255;
/** The largest cover art a client may ask for, in pixels. */
export const SUBSONIC_COVER_MAX_SIZE = 1200;
/** Items one list call may ask for (getAlbumList2 size, search3 counts). */
export const SUBSONIC_MAX_PAGE = 500;
/** A bookmark's comment is kept up to this many characters. */
export const SUBSONIC_BOOKMARK_COMMENT_MAX = 500;

// App passwords: for clients that only know Subsonic's user name + password or token sign-in.

export const appPasswordSchema = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type AppPassword = z.infer<typeof appPasswordSchema>;

export const createAppPasswordSchema = z.object({
  name: z
    .string({ error: 'Name the app this password is for.' })
    .trim()
    .min(1, 'Name the app this password is for.')
    .max(100, 'The name is too long.'),
});
