import {
  transcodingLimitsResource,
  transcodingProfilesResource,
} from '@backbeat/common/admin/transcoding';
import { validationFailed } from '../../lib/domain-errors.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { defineResource } from '../../resources/define-resource.ts';
import { createTranscodingRepository } from './repository.ts';

/**
 * Admin transcoding profiles (issue 38.6): a format, a bitrate and one of the server's named
 * encoder settings (ffmpeg-args.ts); never a command typed in the web.
 */
const profilesAdminRoutes = defineResource(transcodingProfilesResource, {
  table: 'transcoding_profiles',
  timestamps: ['created_at', 'updated_at'],
  search: ['name'],
  unique: ['name'],
  filters: { format: (value) => (eb) => eb('format', '=', value) },
  hooks: () => ({
    toInsert: (input) => ({
      name: input.name,
      format: input.format,
      bit_rate: input.bit_rate,
      preset: input.preset,
    }),
    toUpdate: (input) => ({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.format !== undefined ? { format: input.format } : {}),
      ...(input.bit_rate !== undefined ? { bit_rate: input.bit_rate } : {}),
      ...(input.preset !== undefined ? { preset: input.preset } : {}),
    }),
  }),
});

/** Who a limit applies to: a user, a Subsonic client name, or a user on one client. */
const limitsAdminRoutes = defineResource(transcodingLimitsResource, {
  table: 'transcoding_limits',
  timestamps: ['created_at', 'updated_at'],
  search: ['client'],
  filters: { user_id: (value) => (eb) => eb('user_id', '=', value) },
  hooks: (app) => {
    const repository = createTranscodingRepository(app.services.database.db);
    return {
      async validate(id, input) {
        const before = id === null ? null : await repository.limit(id);
        const userId = input.user_id !== undefined ? input.user_id : (before?.user_id ?? null);
        const client = input.client !== undefined ? input.client || null : (before?.client ?? null);
        if (userId === null && client === null) {
          throw validationFailed({ user_id: ['Name a user, a client, or both.'] });
        }
        if (input.user_id && !(await app.services.users.findById(input.user_id))) {
          throw validationFailed({ user_id: ['This user does not exist.'] });
        }
        if (input.profile_id && !(await repository.profileExists(input.profile_id))) {
          throw validationFailed({ profile_id: ['This profile does not exist.'] });
        }
      },
      toInsert: (input) => ({
        user_id: input.user_id ?? null,
        client: input.client || null,
        max_bit_rate: input.max_bit_rate ?? null,
        profile_id: input.profile_id ?? null,
      }),
      toUpdate: (input) => ({
        ...(input.user_id !== undefined ? { user_id: input.user_id } : {}),
        ...(input.client !== undefined ? { client: input.client || null } : {}),
        ...(input.max_bit_rate !== undefined ? { max_bit_rate: input.max_bit_rate } : {}),
        ...(input.profile_id !== undefined ? { profile_id: input.profile_id } : {}),
      }),
    };
  },
});

export const transcodingAdminRoutes: RoutesPlugin = async (app) => {
  await app.register(profilesAdminRoutes);
  await app.register(limitsAdminRoutes);
};
