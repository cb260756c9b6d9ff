import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { User } from '@backbeat/common';

export interface UserInput {
  email?: string;
  password?: string;
  name?: string;
  /** Role names to assign instead of the default role (`users`). */
  roleNames?: string[];
  verified?: boolean;
}

export interface CreatedUser {
  id: number;
  email: string;
  password: string;
  /** The user as the client sees it (roles and permissions included). */
  user: User;
}

let sequence = 0;

/** A unique address per call, so tests never collide on the users.email unique index. */
export function uniqueEmail(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}-${sequence}-${randomBytes(3).toString('hex')}@backbeat.test`;
}

export async function createUser(
  app: FastifyInstance,
  input: UserInput = {},
): Promise<CreatedUser> {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? `pw-${randomBytes(9).toString('base64url')}`;
  const id = await app.services.users.createUser({
    email,
    password,
    name: input.name,
    roleNames: input.roleNames,
    verified: input.verified,
  });
  const user = await app.services.users.findById(id);
  if (!user) throw new Error(`createUser: user ${id} was not found after insert`);
  return { id, email: user.email, password, user };
}
