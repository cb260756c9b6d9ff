import {
  PERMISSIONS,
  SUBSONIC_ERRORS,
  subsonicNewUserSchema,
  subsonicUserEmailSchema,
  type Permission,
  type User,
} from '@backbeat/common';
import type { z } from 'zod';
import { DomainError } from '../../lib/domain-errors.ts';
import type { Holdings, UserAdmin } from '../users/user-admin.ts';
import { decodePassword } from './auth.ts';
import {
  notAuthorized,
  notFound,
  SubsonicError,
  type SubsonicParams,
  type Payload,
} from './protocol.ts';

/**
 * createUser, updateUser, deleteUser and changePassword: the web admin's user management
 * (users/user-admin.ts) behind Subsonic's parameters, with its rules: who may manage users,
 * what they may grant, the last admin kept, the email and password rules.
 *
 * A Subsonic user name is the account's email, as getUser and getUsers show it.
 */
export interface UserCallDeps {
  userAdmin: Pick<
    UserAdmin,
    'mayManageUsers' | 'holdings' | 'defaultHoldings' | 'create' | 'update' | 'deleteUsers'
  >;
  users: { findRowByEmail(email: string): Promise<{ id: number } | undefined> };
}

/**
 * The Subsonic role flags with a Backbeat meaning, read back by getUser (listener-calls.ts):
 * adminRole is the admin area (`admin.access`, given as `admin`: Subsonic's admin may do
 * everything), streamRole, downloadRole and shareRole are playing music (`music.play`: /rest
 * streams, downloads and shares with it), uploadRole is uploading (`music.create`).
 *
 * Accepted and ignored, having no Backbeat meaning (getUser shows them the same for every
 * account): settingsRole, playlistRole and commentRole (every account keeps its settings,
 * playlists and comments), coverArtRole, podcastRole, jukeboxRole, videoConversionRole,
 * ldapAuthenticated, musicFolderId (every account sees the one library) and maxBitRate.
 */
const PLAY_FLAGS = ['streamRole', 'downloadRole', 'shareRole'] as const;

/** A permission as the flags ask it: held or not, and which grants count as holding it. */
interface Wanted {
  permission: string;
  want: boolean;
  /** Grants that give what the flag reads (getUser's adminRole reads admin.access). */
  givenBy: string[];
}

function wantedFromFlags(params: SubsonicParams): Wanted[] {
  const flag = (name: string) =>
    params.string(name) === undefined ? undefined : params.bool(name, false);
  const wanted: Wanted[] = [];
  const admin = flag('adminRole');
  if (admin !== undefined) {
    wanted.push({
      permission: PERMISSIONS.admin,
      want: admin,
      givenBy: [PERMISSIONS.admin, PERMISSIONS.adminAccess],
    });
  }
  // Three flags, one permission: it is kept when any given flag says yes, so a client that
  // sends the description's defaults (stream yes, download and share no) still plays.
  const play = PLAY_FLAGS.map(flag).filter((value) => value !== undefined);
  if (play.length) {
    wanted.push({
      permission: PERMISSIONS.musicPlay,
      want: play.some(Boolean),
      givenBy: [PERMISSIONS.musicPlay, PERMISSIONS.admin],
    });
  }
  const upload = flag('uploadRole');
  if (upload !== undefined) {
    wanted.push({
      permission: PERMISSIONS.musicCreate,
      want: upload,
      givenBy: [PERMISSIONS.musicCreate, PERMISSIONS.admin],
    });
  }
  return wanted;
}

/**
 * Roles and own grants after the flags: what is wanted and not held is granted to the account
 * itself; what is not wanted goes, with the roles that give it (Backbeat's permissions only
 * add up, so a role that gives it cannot stay). The admin flag is applied first.
 */
function applyFlags(holdings: Holdings, wanted: Wanted[]) {
  let roles = holdings.roles;
  let own: Permission[] = holdings.own;
  for (const { permission, want, givenBy } of wanted) {
    const held = [...roles.flatMap((role) => role.permissions), ...own.map((p) => p.name)];
    if (want && !held.some((name) => givenBy.includes(name))) {
      own = [...own, { name: permission, restrictions: [] }];
    } else if (!want) {
      // An admin keeps what `admin` gives unless the admin flag itself is taken away.
      const names = permission === PERMISSIONS.admin ? givenBy : [permission];
      own = own.filter((grant) => !names.includes(grant.name));
      roles = roles.filter((role) => !role.permissions.some((name) => names.includes(name)));
    }
  }
  return { roleIds: roles.map((role) => role.id), permissions: own };
}

/** The first message of a failed check, answered as a failure (code 0) with that message. */
function invalid<T>(result: z.ZodSafeParseResult<T>): T {
  if (result.success) return result.data;
  throw new SubsonicError(SUBSONIC_ERRORS.generic, result.error.issues[0]!.message);
}

/** The grant guard's refusal is a permission matter to a Subsonic client: 50. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const grantField =
      error instanceof DomainError &&
      error.kind === 'invalid' &&
      (error.errors?.roles || error.errors?.permissions);
    if (grantField) throw notAuthorized(error.message);
    throw error;
  }
}

export function createUserCalls(deps: UserCallDeps) {
  function requireManager(actor: User): void {
    if (!deps.userAdmin.mayManageUsers(actor))
      throw notAuthorized('Only an admin who manages users may do that.');
  }

  /** The account a user name (its email) names. */
  async function accountOf(params: SubsonicParams): Promise<number> {
    const name = params.required('username').trim().toLowerCase();
    const row = await deps.users.findRowByEmail(name);
    if (!row) throw notFound('User');
    return row.id;
  }

  return {
    async createUser(actor: User, params: SubsonicParams): Promise<Payload> {
      requireManager(actor);
      const username = params.required('username');
      const password = decodePassword(params.required('password'));
      const input = invalid(
        subsonicNewUserSchema.safeParse({ email: params.required('email'), password }),
      );
      if (username.trim().toLowerCase() !== input.email) {
        throw new SubsonicError(
          SUBSONIC_ERRORS.generic,
          "The user name is the account's email address: give the same value for username and email.",
        );
      }
      const grants = applyFlags(await deps.userAdmin.defaultHoldings(), wantedFromFlags(params));
      await guarded(() => deps.userAdmin.create(actor, { ...input, ...grants }));
      return {};
    },

    async updateUser(actor: User, params: SubsonicParams): Promise<Payload> {
      requireManager(actor);
      const id = await accountOf(params);
      // The web admin sets no one's password (it sends a reset link), so neither does this.
      if (params.string('password') !== undefined) throw othersPassword();
      const given = params.string('email');
      const email =
        given === undefined
          ? undefined
          : invalid(subsonicUserEmailSchema.safeParse({ email: given })).email;
      const wanted = wantedFromFlags(params);
      const grants = wanted.length ? applyFlags(await deps.userAdmin.holdings(id), wanted) : {};
      await guarded(() => deps.userAdmin.update(actor, id, { email, ...grants }));
      return {};
    },

    async deleteUser(actor: User, params: SubsonicParams): Promise<Payload> {
      requireManager(actor);
      const id = await accountOf(params);
      await guarded(() => deps.userAdmin.deleteUsers(actor, [id]));
      return {};
    },

    /**
     * Never through /rest. An app signs in with an app password or key, a lesser credential
     * than the account password, and Subsonic sends no current password: changing one's own
     * here would let an app take the account over. Another user's password is set here only
     * as the web admin sets it, and the web admin sets none (it sends a reset link).
     */
    async changePassword(actor: User, params: SubsonicParams): Promise<Payload> {
      const username = params.required('username').trim().toLowerCase();
      params.required('password');
      if (username === actor.email.toLowerCase()) {
        throw notAuthorized(
          'Change your password in the web app, under Account settings: apps cannot change it.',
        );
      }
      requireManager(actor);
      await accountOf(params);
      throw othersPassword();
    },
  };
}

const othersPassword = () =>
  notAuthorized(
    "Passwords of other accounts are not set here: send a password reset link from the user's page in the admin area.",
  );

export type UserCalls = ReturnType<typeof createUserCalls>;
