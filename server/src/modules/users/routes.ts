import { mkdirSync } from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { PROFILE_IMAGE_MAX_BYTES, avatarUrlSchema, hasPermission } from '@backbeat/common';
import {
  changeLocale,
  deleteAccount,
  getUser,
  removeAvatar,
  updateUser,
  uploadAvatar,
} from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { forbidden, notFound, validationFailed } from '../../http/http-error.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { uploadedFileOrField } from '../../http/uploaded-file.ts';
import type { FastifyRequest } from 'fastify';
import { bootstrapFor } from '../bootstrap/present.ts';
import { LOCALE_COOKIE } from '../bootstrap/service.ts';
import { requireConfirmedPassword } from './password-confirmation.ts';
import { ownAccountFields } from './own-account.ts';
import { AVATAR_URL_PREFIX, avatarDirectory, createAvatarsService } from './avatars.ts';

const GUEST_LOCALE_DAYS = 365;

/** A user edits their own account; holders of users.update may edit anyone's. */
function assertCanEdit(request: FastifyRequest, id: number): void {
  const user = request.user!;
  if (user.id !== id && !hasPermission({ user, guestPermissions: [] }, 'users.update'))
    throw notFound();
}

export const usersRoutes: RoutesPlugin = async (app) => {
  const { services } = app;
  const avatars = createAvatarsService({
    users: services.users,
    storagePath: services.config.storagePath,
  });

  const existingUser = (id: number) => services.users.getById(id);

  const directory = avatarDirectory(services.config.storagePath);
  mkdirSync(directory, { recursive: true });
  await app.register(fastifyStatic, {
    root: directory,
    prefix: AVATAR_URL_PREFIX,
    decorateReply: false,
    maxAge: '7d',
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: PROFILE_IMAGE_MAX_BYTES + 1, files: 1, fields: 5 },
  });

  registerEndpoint(app, getUser, async (request) => {
    const { id } = request.params;
    if (request.user?.id === id) {
      const [user, profile, own] = await Promise.all([
        services.users.complete(request.user),
        services.profiles.details(id),
        ownAccountFields(request, request.user),
      ]);
      return { user: { ...user, ...profile, ...own } };
    }
    return { user: await services.profiles.publicUser(id) };
  });

  registerEndpoint(app, updateUser, async (request) => {
    assertCanEdit(request, request.params.id);
    const { language, ...rest } = request.body;
    if (language && !(await services.bootstrap.locale(language))) {
      throw validationFailed({ language: ['This language is not available.'] });
    }
    await services.users.update(request.params.id, {
      ...rest,
      ...(language !== undefined ? { language } : {}),
    });
    return { user: await existingUser(request.params.id) };
  });

  registerEndpoint(app, uploadAvatar, async (request) => {
    assertCanEdit(request, request.params.id);
    // Spec 1 §8: "multipart: file or url"; a JSON `{ url }` is taken too.
    let sentUrl: unknown = request.body;
    if (request.isMultipart()) {
      // Checked by decoding (image bombs refused), with malformed bodies answered 4xx.
      const sent = await uploadedFileOrField(request, PROFILE_IMAGE_MAX_BYTES, 'url');
      if ('bytes' in sent) {
        const image = await avatars.store(request.params.id, sent.bytes);
        return { user: await existingUser(request.params.id), image };
      }
      sentUrl = { url: sent.value };
    }
    const parsed = avatarUrlSchema.safeParse(sentUrl);
    if (!parsed.success)
      throw validationFailed({
        url: [parsed.error.issues[0]?.message ?? 'Enter an image address.'],
      });
    const image = await avatars.storeFromUrl(request.params.id, parsed.data.url);
    return { user: await existingUser(request.params.id), image };
  });

  registerEndpoint(app, removeAvatar, async (request) => {
    assertCanEdit(request, request.params.id);
    await avatars.remove(request.params.id);
    return { user: await existingUser(request.params.id) };
  });

  registerEndpoint(app, deleteAccount, async (request) => {
    // Only one's own account (spec §6); sessions, tokens and links go with it.
    if (request.user!.id !== request.params.id)
      throw forbidden('You can only delete your own account.');
    await requireConfirmedPassword(request);
    // Before anything is removed: the last admin's account stays whole.
    await services.users.assertNotLastAdmin(request.params.id, 'delete');
    const image = request.user!.image;
    await services.profiles.removeHeaderImage(request.params.id);
    // What the database cascade would leave behind: notifications, search entries, files.
    await services.workspaces.deleteOwnedBy(request.params.id);
    await services.playlists.deleteOwnedBy(request.params.id);
    await services.users.delete(request.params.id);
    await avatars.removeStoredFile(image);
    await request.session.destroy();
    request.user = null;
    return { message: 'Account deleted', bootstrapData: await bootstrapFor(request) };
  });

  /** Changes the interface language: on the account when logged in, in a cookie for guests. */
  registerEndpoint(app, changeLocale, async (request, reply) => {
    const locale = await services.bootstrap.locale(request.body.locale);
    if (!locale) throw validationFailed({ locale: ['This language is not available.'] });
    if (request.user) await services.users.setLanguage(request.user.id, locale.language);
    else {
      reply.setCookie(LOCALE_COOKIE, locale.language, {
        path: '/',
        sameSite: 'lax',
        maxAge: GUEST_LOCALE_DAYS * 86400,
      });
    }
    return { locale };
  });
};
