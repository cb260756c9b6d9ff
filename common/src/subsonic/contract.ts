import { z } from 'zod';
import { endpoint } from '../contract.ts';
import { appPasswordSchema, createAppPasswordSchema } from './constants.ts';

const tags = ['subsonic'];

export const listAppPasswords = endpoint({
  method: 'GET',
  path: '/api/v1/account/app-passwords',
  access: 'auth',
  summary: 'The app passwords of the signed-in account (for Subsonic clients)',
  tags,
  response: z.object({ appPasswords: z.array(appPasswordSchema) }),
});

export const createAppPassword = endpoint({
  method: 'POST',
  path: '/api/v1/account/app-passwords',
  access: 'auth',
  summary: 'Generates an app password; its value is shown once',
  tags,
  body: createAppPasswordSchema,
  response: z.object({ appPassword: appPasswordSchema, password: z.string() }),
  status: 201,
});

export const revokeAppPassword = endpoint({
  method: 'DELETE',
  path: '/api/v1/account/app-passwords/:id',
  access: 'auth',
  summary: 'Revokes an app password',
  tags,
  params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  response: z.object({ revoked: z.literal(true) }),
});
