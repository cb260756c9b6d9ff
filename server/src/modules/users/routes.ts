import { changeLocaleSchema } from '@backbeat/common';
import { validationFailed } from '../../http/http-error.ts';
import { typed, type RoutesPlugin } from '../../http/types.ts';
import { LOCALE_COOKIE } from '../bootstrap/service.ts';

const GUEST_LOCALE_DAYS = 365;

export const usersRoutes: RoutesPlugin = async (app) => {
  const api = typed(app);

  /** Changes the interface language: on the account when logged in, in a cookie for guests. */
  api.post(
    '/api/v1/users/me/locale',
    { schema: { body: changeLocaleSchema }, config: { access: 'public' } },
    async (request, reply) => {
      const locale = await app.services.bootstrap.locale(request.body.locale);
      if (!locale) throw validationFailed({ locale: ['This language is not available.'] });
      if (request.user) await app.services.users.setLanguage(request.user.id, locale.language);
      else {
        reply.setCookie(LOCALE_COOKIE, locale.language, {
          path: '/',
          sameSite: 'lax',
          maxAge: GUEST_LOCALE_DAYS * 86400,
        });
      }
      return { locale };
    },
  );
};
