import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { LibraryFoldersRepository } from './repository.ts';

/*
 * One scan at a time per folder, whichever instance runs it: the runner holds a lease in the
 * folder's row, renewed on a timer (a long file's analysis does not let it lapse). A lease
 * whose holder died runs out, or is taken over at once when the holder was a process of this
 * machine that no longer runs (a restart).
 */

export const LEASE_MS = 120_000;
const RENEW_MS = 20_000;

export interface FolderLease {
  /** Another runner took the folder over (this one stalled past the lease). */
  readonly lost: boolean;
  release(): Promise<void>;
}

/** True when the token's holder is a process of this machine that has ended. */
export function holderIsGone(token: string | null, host = hostname()): boolean {
  if (!token) return true;
  const [tokenHost, pid] = token.split('/');
  if (tokenHost !== host || !pid || Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export async function acquireLease(
  repo: Pick<
    LibraryFoldersRepository,
    'claimLease' | 'leaseOf' | 'takeOverLease' | 'renewLease' | 'releaseLease'
  >,
  folderId: number,
): Promise<FolderLease | null> {
  const token = `${hostname()}/${process.pid}/${randomBytes(8).toString('hex')}`;
  const until = () => new Date(Date.now() + LEASE_MS).toISOString();
  let claimed = await repo.claimLease(folderId, token, until(), new Date().toISOString());
  if (!claimed) {
    const held = await repo.leaseOf(folderId);
    if (held?.lease_token && holderIsGone(held.lease_token)) {
      claimed = await repo.takeOverLease(folderId, held.lease_token, token, until());
    }
  }
  if (!claimed) return null;
  let lost = false;
  const timer = setInterval(() => {
    repo.renewLease(folderId, token, until()).then(
      (held) => void (lost ||= !held),
      () => {},
    );
  }, RENEW_MS);
  timer.unref();
  return {
    get lost() {
      return lost;
    },
    async release() {
      clearInterval(timer);
      await repo.releaseLease(folderId, token);
    },
  };
}
