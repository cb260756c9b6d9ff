import { z } from 'zod';
import type { ExternalLink } from '../catalog/types.ts';

export const PROFILE_DESCRIPTION_MAX = 1000;
export const PROFILE_LINKS_MAX = 5;
export const PROFILE_LINK_TITLE_MAX = 60;
export const PROFILE_LINK_URL_MAX = 2000;
/** A banner is wider than an avatar, so it may be larger (the avatar's limit is 2 MB). */
export const PROFILE_HEADER_IMAGE_MAX_BYTES = 4 * 1024 * 1024;

const HTTP_ADDRESS = 'Enter an http or https address.';

export const profileLinkSchema = z.object({
  title: z
    .string({ error: 'Give the link a title.' })
    .trim()
    .min(1, 'Give the link a title.')
    .max(
      PROFILE_LINK_TITLE_MAX,
      `The title may have at most ${PROFILE_LINK_TITLE_MAX} characters.`,
    ),
  // Only http(s): a javascript: or data: address would run in the visitor's page.
  url: z
    .string({ error: HTTP_ADDRESS })
    .trim()
    .min(1, HTTP_ADDRESS)
    .max(PROFILE_LINK_URL_MAX, `The address may have at most ${PROFILE_LINK_URL_MAX} characters.`)
    .pipe(z.url({ protocol: /^https?$/, error: HTTP_ADDRESS })),
});
export type ProfileLink = ExternalLink;

/** What a user edits on their own profile; a field left out keeps its value. */
export const updateProfileSchema = z.object({
  /** Plain text; line breaks are kept, markup is dropped on save. */
  description: z
    .string({ error: 'The description must be text.' })
    .trim()
    .max(
      PROFILE_DESCRIPTION_MAX,
      `The description may have at most ${PROFILE_DESCRIPTION_MAX} characters.`,
    )
    .nullable()
    .optional(),
  links: z
    .array(profileLinkSchema, { error: 'The links must be a list.' })
    .max(PROFILE_LINKS_MAX, `Add at most ${PROFILE_LINKS_MAX} links.`)
    .optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
export type UpdateProfileValues = z.output<typeof updateProfileSchema>;

/** The parts of a profile its owner edits, as every visitor sees them. */
export interface ProfileDetails {
  header_image: string | null;
  description: string | null;
  links: ProfileLink[];
}

/** A user as anyone may see them on their profile: no email, no security details. */
export interface PublicUser extends ProfileDetails {
  id: number;
  name: string;
  image: string | null;
  created_at: string;
}
