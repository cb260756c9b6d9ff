import { z } from 'zod';
import { endpoint } from '../contract.ts';
import { idFilter, resource, yesNoFilter } from '../resource.ts';
import { email, newPassword, updateAccountSchema } from '../schemas/account.ts';
import { accessTokenSummarySchema, permissionSchema, roleSchema } from '../types.ts';
import { userSessionSchema } from '../account-contract.ts';
import { PERMISSION_DEFINITIONS } from '../permissions.ts';

/*
 * Admin users and roles (spec 2 §2 admin routes, §6 users.update and roles.update; spec 1 §3
 * users, roles and permissions with restrictions).
 */

const PERMISSION_NAMES = PERMISSION_DEFINITIONS.map((p) => p.name) as [string, ...string[]];

/** A restriction value: a whole number, or empty for "no cap". */
const restrictionValue = z
  .union([z.number(), z.string().trim()])
  .nullable()
  .transform((value, ctx) => {
    if (value === null || value === '') return null;
    const number = Number(value);
    if (!Number.isInteger(number) || number < 0 || number > 1e15) {
      ctx.addIssue({ code: 'custom', message: 'A restriction must be a whole number.' });
      return z.NEVER;
    }
    return number;
  });

/** One granted permission with its restriction values, as an admin sets it. */
export const permissionGrantInputSchema = z
  .object({
    name: z.enum(PERMISSION_NAMES, { error: 'This permission does not exist.' }),
    restrictions: z
      .array(z.object({ name: z.string().trim().min(1).max(50), value: restrictionValue }))
      .max(10)
      .default([]),
  })
  .superRefine((grant, ctx) => {
    const allowed = PERMISSION_DEFINITIONS.find((p) => p.name === grant.name)?.restrictions ?? [];
    for (const restriction of grant.restrictions) {
      if (!allowed.some((a) => a.name === restriction.name)) {
        ctx.addIssue({
          code: 'custom',
          message: `The permission ${grant.name} has no restriction ${restriction.name}.`,
          path: ['restrictions'],
        });
      }
    }
  });
export type PermissionGrantInput = z.input<typeof permissionGrantInputSchema>;

const grantsField = z
  .array(permissionGrantInputSchema)
  .max(PERMISSION_NAMES.length)
  .refine((grants) => new Set(grants.map((g) => g.name)).size === grants.length, {
    error: 'A permission is listed twice.',
  });

const roleIdsField = z
  .array(z.number().int().positive().max(2_147_483_647))
  .max(50, 'Choose at most 50 roles.');

export const adminUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
  image: z.string().nullable(),
  email_verified_at: z.string().nullable(),
  banned_at: z.string().nullable(),
  ban_reason: z.string().nullable(),
  language: z.string().nullable(),
  country: z.string().nullable(),
  timezone: z.string().nullable(),
  two_factor_confirmed_at: z.string().nullable(),
  created_at: z.string(),
  roles: z.array(roleSchema),
  /** The user's own grants (besides those of their roles). */
  permissions: z.array(permissionSchema),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const createUserSchema = z.object({
  email,
  password: newPassword,
  name: z.string().trim().max(100).optional(),
  roles: roleIdsField.optional(),
  email_verified: z.boolean().default(true),
});

export const updateUserSchema = updateAccountSchema.extend({
  email: email.optional(),
  email_verified: z.boolean().optional(),
  /** Replaces the user's roles; the last admin keeps the admin role. */
  roles: roleIdsField.optional(),
  /** Replaces the user's own grants. */
  permissions: grantsField.optional(),
});

export const usersResource = resource({
  name: 'users',
  item: 'user',
  access: { view: 'users.update', manage: 'users.update' },
  schemas: { row: adminUserSchema, create: createUserSchema, update: updateUserSchema },
  sort: ['name', 'email', 'created_at', 'banned_at', 'email_verified_at'],
  defaultSort: { column: 'created_at', order: 'desc' },
  filters: { role: idFilter(), banned: yesNoFilter, verified: yesNoFilter },
});

export const adminRoleSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  is_default: z.boolean(),
  is_guest: z.boolean(),
  created_at: z.string(),
  users_count: z.number(),
  permissions: z.array(permissionSchema),
});
export type AdminRole = z.infer<typeof adminRoleSchema>;

export const createRoleSchema = z.object({
  name: z
    .string({ error: 'The role name is required.' })
    .trim()
    .min(1, 'The role name is required.')
    .max(60, 'The role name may have at most 60 characters.'),
  description: z.string().trim().max(300, 'The description is too long.').nullish(),
  /** Given to every new user. */
  is_default: z.boolean().default(false),
  /** Holds what visitors who are not logged in may do (one role at most). */
  is_guest: z.boolean().default(false),
  permissions: grantsField.default([]),
});
export const updateRoleSchema = z.object({
  name: createRoleSchema.shape.name.optional(),
  description: createRoleSchema.shape.description,
  is_default: z.boolean().optional(),
  is_guest: z.boolean().optional(),
  permissions: grantsField.optional(),
});

export const rolesResource = resource({
  name: 'roles',
  item: 'role',
  access: { view: 'roles.update', manage: 'roles.update' },
  schemas: { row: adminRoleSchema, create: createRoleSchema, update: updateRoleSchema },
  sort: ['name', 'created_at'],
  defaultSort: { column: 'name', order: 'asc' },
  filters: { default: yesNoFilter },
});

// The user page's security and api tabs: custom routes beside the generic five.

const userParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const tags = ['admin: users'];
const message = z.object({ message: z.string() });

export const listAdminUserSessions = endpoint({
  method: 'GET',
  path: '/api/v1/admin/users/:id/sessions',
  access: 'users.update',
  summary: "A user's signed-in sessions (needs admin.access too)",
  tags,
  params: userParams,
  response: z.object({ sessions: z.array(userSessionSchema) }),
});

export const revokeAdminUserSession = endpoint({
  method: 'DELETE',
  path: '/api/v1/admin/users/:id/sessions/:sessionId',
  access: 'users.update',
  summary: 'Signs one session of a user out (needs admin.access too)',
  tags,
  params: userParams.extend({ sessionId: z.string().regex(/^[0-9a-f]{64}$/, 'Unknown session.') }),
  response: message,
});

export const logoutAdminUser = endpoint({
  method: 'POST',
  path: '/api/v1/admin/users/:id/logout',
  access: 'users.update',
  summary: 'Signs a user out everywhere (needs admin.access too)',
  tags,
  params: userParams,
  response: message,
});

export const banUserSchema = z.object({
  reason: z.string().trim().max(500, 'The reason may have at most 500 characters.').nullish(),
});

export const banAdminUser = endpoint({
  method: 'POST',
  path: '/api/v1/admin/users/:id/ban',
  access: 'users.update',
  summary: 'Suspends an account and signs it out (never the last admin; needs admin.access too)',
  tags,
  params: userParams,
  body: banUserSchema,
  response: z.object({ user: adminUserSchema }),
});

export const unbanAdminUser = endpoint({
  method: 'POST',
  path: '/api/v1/admin/users/:id/unban',
  access: 'users.update',
  summary: 'Lifts a suspension (needs admin.access too)',
  tags,
  params: userParams,
  response: z.object({ user: adminUserSchema }),
});

export const sendAdminUserPasswordReset = endpoint({
  method: 'POST',
  path: '/api/v1/admin/users/:id/password-reset',
  access: 'users.update',
  summary: 'Emails the user a password reset link (needs admin.access too)',
  tags,
  params: userParams,
  response: message,
});

export const disableAdminUserTwoFactor = endpoint({
  method: 'POST',
  path: '/api/v1/admin/users/:id/two-factor/disable',
  access: 'users.update',
  summary: 'Turns two-factor authentication off for a user (needs admin.access too)',
  tags,
  params: userParams,
  response: z.object({ user: adminUserSchema }),
});

export const listAdminUserTokens = endpoint({
  method: 'GET',
  path: '/api/v1/admin/users/:id/tokens',
  access: 'users.update',
  summary: "A user's API tokens (needs admin.access too)",
  tags,
  params: userParams,
  response: z.object({ tokens: z.array(accessTokenSummarySchema) }),
});

export const deleteAdminUserToken = endpoint({
  method: 'DELETE',
  path: '/api/v1/admin/users/:id/tokens/:tokenId',
  access: 'users.update',
  summary: "Deletes one of a user's API tokens (needs admin.access too)",
  tags,
  params: userParams.extend({ tokenId: z.coerce.number().int().positive().max(2_147_483_647) }),
  response: message,
});
