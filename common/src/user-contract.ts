import { z } from 'zod';
import { idParamsSchema } from './catalog/schemas.ts';
import { albumSchema, trackSchema } from './catalog/types.ts';
import { endpoint, notJson } from './contract.ts';
import { pagedList } from './paged-list.ts';
import {
  deleteAccountSchema,
  socialConnectSchema,
  socialServiceSchema,
  updateAccountSchema,
} from './schemas/account.ts';
import { changeLocaleSchema } from './schemas/common.ts';
import { updateProfileSchema, type ProfileDetails, type PublicUser } from './schemas/profile.ts';
import { bootstrapDataSchema, localeSchema, userSchema } from './types.ts';

/** Accounts and profiles: the user's own account, avatars, profile pages, social logins. */

const profileDetailsSchema = z.object({
  header_image: z.string().nullable(),
  description: z.string().nullable(),
  links: z.array(z.object({ url: z.string(), title: z.string() })),
}) satisfies z.ZodType<ProfileDetails>;

export const publicUserSchema = profileDetailsSchema.extend({
  id: z.number(),
  name: z.string(),
  image: z.string().nullable(),
  created_at: z.string(),
}) satisfies z.ZodType<PublicUser>;

const users = ['users'];
const message = z.object({ message: z.string() });
const withUser = z.object({ user: userSchema });
const withPublicUser = z.object({ user: publicUserSchema });

export const getUser = endpoint({
  method: 'GET',
  path: '/api/v1/users/:id',
  access: 'users.view',
  summary: 'A profile; one’s own comes with the account fields',
  tags: users,
  params: idParamsSchema,
  response: z.object({
    user: z.union([userSchema.extend(profileDetailsSchema.shape), publicUserSchema]),
  }),
});

export const updateUser = endpoint({
  method: 'PUT',
  path: '/api/v1/users/:id',
  access: 'auth',
  summary: 'Updates one’s account (holders of users.update: anyone’s)',
  tags: users,
  params: idParamsSchema,
  body: updateAccountSchema,
  response: withUser,
});

export const uploadAvatar = endpoint({
  method: 'POST',
  path: '/api/v1/users/:id/avatar',
  access: 'auth',
  summary: 'Sets the avatar from a multipart `file` or `url` field, or a JSON `{ url }`',
  tags: users,
  params: idParamsSchema,
  response: withUser.extend({ image: z.string() }),
});

export const removeAvatar = endpoint({
  method: 'DELETE',
  path: '/api/v1/users/:id/avatar',
  access: 'auth',
  tags: users,
  params: idParamsSchema,
  response: withUser,
});

export const deleteAccount = endpoint({
  method: 'DELETE',
  path: '/api/v1/users/:id',
  access: 'auth',
  summary: 'Deletes one’s own account, with everything it owns',
  tags: users,
  params: idParamsSchema,
  query: deleteAccountSchema,
  errors: [423],
  response: message.extend({ bootstrapData: bootstrapDataSchema }),
});

export const changeLocale = endpoint({
  method: 'POST',
  path: '/api/v1/users/me/locale',
  access: 'public',
  summary: 'Changes the interface language (a cookie for guests)',
  tags: users,
  body: changeLocaleSchema,
  response: z.object({ locale: localeSchema }),
});

export const getUserTracks = pagedList(trackSchema, {
  path: '/api/v1/users/:id/tracks',
  access: 'users.view',
  tags: users,
  params: idParamsSchema,
});

export const getUserAlbums = pagedList(albumSchema, {
  path: '/api/v1/users/:id/albums',
  access: 'users.view',
  tags: users,
  params: idParamsSchema,
});

export const updateProfile = endpoint({
  method: 'PUT',
  path: '/api/v1/users/me/profile',
  access: 'auth',
  tags: users,
  body: updateProfileSchema,
  response: withPublicUser,
});

export const uploadHeaderImage = endpoint({
  method: 'POST',
  path: '/api/v1/users/me/header-image',
  access: 'auth',
  summary: "Sets the profile's header image from a multipart `file`",
  tags: users,
  errors: [422],
  response: withPublicUser.extend({ image: z.string().nullable() }),
});

export const removeHeaderImage = endpoint({
  method: 'DELETE',
  path: '/api/v1/users/me/header-image',
  access: 'auth',
  tags: users,
  response: withPublicUser,
});

// Social login (popups) and linking.

const serviceParams = z.object({ service: socialServiceSchema });
const social = ['auth'];

export const socialLogin = endpoint({
  method: 'GET',
  path: '/secure/auth/social/:service/login',
  access: 'public',
  summary: "Starts a social login: redirects to the provider's consent page",
  tags: social,
  params: serviceParams,
  errors: [429],
  failurePage:
    'When the provider is not set up or cannot be reached: a page that tells the opener why and closes.',
  response: notJson('redirect', "The provider's authorisation page."),
});

export const socialConnect = endpoint({
  method: 'GET',
  path: '/secure/auth/social/:service/connect',
  access: 'auth',
  summary: 'Starts linking a provider to the signed-in account',
  tags: social,
  params: serviceParams,
  failurePage:
    'When the provider is not set up or cannot be reached: a page that tells the opener why and closes.',
  response: notJson('redirect', "The provider's authorisation page."),
});

export const socialCallback = endpoint({
  method: 'GET',
  path: '/secure/auth/social/:service/callback',
  access: 'public',
  summary: 'Where the provider sends the popup back; the page hands the result to the opener',
  tags: social,
  params: serviceParams,
  query: z.object({
    code: z.string().optional(),
    state: z.string().optional(),
    error: z.string().optional(),
  }),
  errors: [429],
  response: notJson('html', 'A page that posts the result to the opener and closes.', 'text/html'),
});

export const socialConnectWithPassword = endpoint({
  method: 'POST',
  path: '/secure/auth/social/connect',
  access: 'public',
  summary: "Links a provider to an existing account after the account's password",
  tags: social,
  body: socialConnectSchema,
  errors: [429],
  response: z.union([
    z.object({ two_factor: z.literal(true) }),
    z.object({ status: z.literal('success'), bootstrapData: bootstrapDataSchema }),
  ]),
});

export const socialDisconnect = endpoint({
  method: 'POST',
  path: '/secure/auth/social/:service/disconnect',
  access: 'auth',
  tags: social,
  params: serviceParams,
  response: message,
});

export const realtime = endpoint({
  method: 'GET',
  path: '/api/v1/realtime',
  access: 'auth',
  summary: "The signed-in user's live events (new notifications, workspace changes)",
  tags: ['notifications'],
  response: notJson('websocket', 'A WebSocket of JSON events (RealtimeEvent).'),
});
