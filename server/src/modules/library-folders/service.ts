import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, realpath, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import {
  LIBRARY_FOLDER_STATUSES,
  LIBRARY_LIMITS,
  type AddLibraryFolderInput,
  type LibraryFolder,
  type LibraryAnalysisProgress,
  type LibraryFolderAccess,
} from '@backbeat/common';
import type { JobContext, JobQueue } from '../../jobs/queue.ts';
import { DomainError, notFound, validationFailed } from '../../lib/domain-errors.ts';
import { isWithin } from '../../storage/library-files.ts';
import { analysePending, type AnalysisDeps } from './analysis.ts';
import { createLibraryWaveforms, type WaveformDeps } from './waveforms.ts';
import { acquireLease, type FolderLease } from './lease.ts';
import type { LibraryFolderRow } from './repository.ts';
import { FolderUnreadable, scanFolder, type ScanDeps, type ScanFigures } from './scan.ts';

export const LIBRARY_SCAN_JOB = 'library-folder';
const HEARTBEAT_MS = 1000;
const REMOVE_BATCH = 200;
/** The analysis rate the admin sees is over the files measured in the last minute. */
const RATE_WINDOW_MS = 60_000;
export const SCAN_FAILED = 'The scan stopped on an error; the error log has the details.';

const now = () => new Date().toISOString();
const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

/** A rescan was asked for after the last one started. */
const scanPending = (row: Pick<LibraryFolderRow, 'scan_requested_at' | 'scan_started_at'>) =>
  !!row.scan_requested_at &&
  (!row.scan_started_at || new Date(row.scan_requested_at) > new Date(row.scan_started_at));

export interface RunOptions {
  signal?: AbortSignal;
  /** Figures as the scan goes (the import command's progress bar). */
  onProgress?: (figures: ScanFigures) => void;
  /** Decode the scanned files for their waveform and loudness after (analysis.ts); default on. */
  analyse?: boolean;
}

export type LibraryFoldersService = ReturnType<typeof createLibraryFoldersService>;

/**
 * Library folders (issue 18): the admin's folders, their scans as background jobs (one at a
 * time per folder, whichever instance runs it), and where a library file is for streaming.
 */
export function createLibraryFoldersService(
  deps: ScanDeps & AnalysisDeps & WaveformDeps & { jobs: Pick<JobQueue, 'define' | 'add'> },
) {
  const { repository: repo, jobs } = deps;
  const waveforms = createLibraryWaveforms(deps);

  async function present(rows: LibraryFolderRow[]): Promise<LibraryFolder[]> {
    const [counts, failures, grants] = await Promise.all([
      repo.trackCounts(),
      Promise.all(rows.map((row) => repo.failures(row.id, LIBRARY_LIMITS.failuresShown))),
      repo.grants(rows.map((row) => row.id)),
    ]);
    const chosen = (folderId: number, type: 'user' | 'role') =>
      grants
        .filter((grant) => grant.folder_id === folderId && grant.grantee_type === type)
        .map((grant) => ({ id: grant.grantee_id, name: grant.name }));
    return rows.map((row, index) => {
      // A scan whose runner died (its lease ran out) is shown as what the folder is owed.
      const stale =
        row.status === 'scanning' && (!row.lease_until || new Date(row.lease_until) < new Date());
      const settled = stale ? 'idle' : row.status;
      const status = settled === 'idle' && scanPending(row) ? 'queued' : settled;
      return {
        id: row.id,
        name: row.name,
        path: row.path,
        status: (LIBRARY_FOLDER_STATUSES as readonly string[]).includes(status)
          ? (status as LibraryFolder['status'])
          : 'idle',
        error: row.error,
        tracks_count: counts.get(row.id) ?? 0,
        last_scan: {
          started_at: iso(row.scan_started_at),
          finished_at: iso(row.scan_finished_at),
          total: Number(row.files_total),
          seen: Number(row.files_seen),
          added: Number(row.files_added),
          updated: Number(row.files_updated),
          removed: Number(row.files_removed),
          failed: Number(row.files_failed),
        },
        failures: (failures[index] ?? []).map((failure) => ({
          path: failure.relative_path,
          reason: failure.error ?? '',
        })),
        access: row.access === 'chosen' ? 'chosen' : 'everyone',
        users: chosen(row.id, 'user'),
        roles: chosen(row.id, 'role'),
        created_at: new Date(row.created_at).toISOString(),
      };
    });
  }

  async function presentOne(id: number): Promise<LibraryFolder> {
    const row = await repo.folder(id);
    if (!row) throw notFound();
    return (await present([row]))[0]!;
  }

  /** The folder as the admin typed it, checked: it exists, is a folder, and can be read. */
  async function checkedPath(input: string): Promise<{ path: string; real: string }> {
    const path = resolve(input);
    let real: string;
    try {
      real = await realpath(path);
    } catch {
      throw validationFailed({ path: ['This folder does not exist on the server.'] });
    }
    if (!(await stat(real)).isDirectory()) {
      throw validationFailed({ path: ['This path is a file, not a folder.'] });
    }
    try {
      await access(real, constants.R_OK | constants.X_OK);
    } catch {
      throw validationFailed({ path: ['The server may not read this folder.'] });
    }
    for (const other of await repo.folders()) {
      const otherReal = await realpath(other.path).catch(() => resolve(other.path));
      if (other.path === path || otherReal === real) {
        throw validationFailed({ path: ['This folder is in the library already.'] });
      }
      if (isWithin(otherReal, real) || isWithin(real, otherReal)) {
        throw validationFailed({ path: ['This folder is inside a library folder, or holds one.'] });
      }
    }
    return { path, real };
  }

  async function queue(id: number) {
    await jobs.add(
      LIBRARY_SCAN_JOB,
      { folderId: id },
      {
        jobId: `library-${id}-${Date.now()}-${randomBytes(4).toString('hex')}`,
      },
    );
  }

  /** Removes the folder's tracks through the catalog's deletion path, then the folder. */
  async function removeAll(folderId: number) {
    const trackIds = await repo.trackIdsOf(folderId);
    for (let start = 0; start < trackIds.length; start += REMOVE_BATCH) {
      await deps.catalog.removeTracks(trackIds.slice(start, start + REMOVE_BATCH));
    }
    await repo.deleteFolder(folderId);
  }

  /**
   * Decodes the folder's files saved from their tags (analysis.ts) until done, or until a scan
   * or the folder's removal is asked for (true then); decodes that fail count as failed files.
   */
  async function analyse(folder: LibraryFolderRow, lease: FolderLease, options: RunOptions) {
    let lastCheck = 0;
    let interrupted = false;
    const heartbeat = async () => {
      if (options.signal?.aborted || lease.lost) return false;
      if (Date.now() - lastCheck < HEARTBEAT_MS) return true;
      lastCheck = Date.now();
      const row = await repo.folder(folder.id);
      interrupted = !row || row.status === 'removing' || scanPending(row);
      return !interrupted;
    };
    const result = await analysePending(folder, deps, { heartbeat, signal: options.signal });
    if (result.failed) {
      const row = await repo.folder(folder.id);
      if (row) {
        await repo.updateFolder(folder.id, {
          files_added: Math.max(0, Number(row.files_added) - result.failed),
          files_failed: Number(row.files_failed) + result.failed,
        });
      }
    }
    return interrupted && !options.signal?.aborted && !lease.lost;
  }

  /** The scans (and removal) a folder is owed, while this runner holds its lease. */
  async function work(folderId: number, lease: FolderLease, options: RunOptions) {
    let lastCheck = 0;
    let stop = false;
    /** Between files: stop when the process stops, the lease was lost or removal was asked. */
    const heartbeat = async () => {
      if (options.signal?.aborted || lease.lost) return false;
      if (Date.now() - lastCheck < HEARTBEAT_MS) return !stop;
      lastCheck = Date.now();
      const row = await repo.folder(folderId);
      stop = !row || row.status === 'removing';
      return !stop;
    };
    for (;;) {
      if (lease.lost) return;
      const folder = await repo.folder(folderId);
      if (!folder) return;
      if (folder.status === 'removing') return removeAll(folderId);
      // Still `scanning` under a new lease: its runner died mid-scan, so it is owed again.
      if (!scanPending(folder) && folder.status !== 'scanning') {
        if (options.analyse === false) return;
        if (!(await analyse(folder, lease, options))) return;
        continue; // A scan was asked for meanwhile: it goes first, the decodes resume after.
      }
      // Conditional: a removal asked for since the read above must not be overwritten.
      await repo.settleFolder(folderId, {
        status: 'scanning',
        scan_started_at: now(),
        scan_finished_at: null,
        error: null,
        files_total: 0,
        files_seen: 0,
        files_added: 0,
        files_updated: 0,
        files_removed: 0,
        files_failed: 0,
      });
      const progress = async (figures: ScanFigures) => {
        options.onProgress?.(figures);
        await repo.updateFolder(folderId, {
          files_total: figures.total,
          files_seen: figures.seen,
          files_added: figures.added,
          files_updated: figures.updated,
          files_removed: figures.removed,
          files_failed: figures.failed,
        });
      };
      try {
        const { figures, stopped } = await scanFolder(folder, deps, {
          heartbeat,
          progress,
          signal: options.signal,
        });
        if (stopped && options.signal?.aborted) {
          await repo.settleFolder(folderId, { status: 'idle', scan_requested_at: now() });
          return;
        }
        if (stopped) continue;
        await progress(figures);
        // A removal asked for while the last files were read is not undone (the loop takes it).
        await repo.settleFolder(folderId, { status: 'idle', scan_finished_at: now() });
      } catch (error) {
        if (options.signal?.aborted) {
          // Stopped with the process: asked for again, so the next start resumes it.
          await repo.settleFolder(folderId, { status: 'idle', scan_requested_at: now() });
          throw error;
        }
        const unreadable = error instanceof FolderUnreadable;
        if (!unreadable) deps.log?.(`library scan of folder ${folderId} failed`, error);
        await repo.settleFolder(folderId, {
          status: 'idle',
          scan_finished_at: now(),
          error: unreadable ? error.message : SCAN_FAILED,
        });
        if (!unreadable) return;
      }
    }
  }

  /**
   * Runs what a folder is owed unless another runner holds it (that one sees the request);
   * false when it did not run.
   */
  async function run(folderId: number, options: RunOptions = {}): Promise<boolean> {
    for (let round = 0; ; round++) {
      const lease = await acquireLease(repo, folderId);
      if (!lease) return round > 0;
      try {
        await work(folderId, lease, options);
      } finally {
        await lease.release();
      }
      // A request that came in while the lease was let go is this runner's to take.
      const folder = await repo.folder(folderId);
      if (!folder || (folder.status !== 'removing' && !scanPending(folder))) return true;
    }
  }

  jobs.define<{ folderId: number }>(LIBRARY_SCAN_JOB, async ({ folderId }, context: JobContext) => {
    await run(folderId, { signal: context.signal });
  });

  const service = {
    async list(): Promise<LibraryFolder[]> {
      return present(await repo.folders());
    },

    /** Adds a folder and asks for its first scan (`scan: false` leaves that to the caller). */
    async add(input: AddLibraryFolderInput, options: { scan?: boolean } = {}) {
      const { path } = await checkedPath(input.path);
      const stamp = now();
      const id = await repo
        .insertFolder({
          path,
          name: (input.name?.trim() || basename(path) || path).slice(0, LIBRARY_LIMITS.nameLength),
          scan_requested_at: stamp,
          created_at: stamp,
          updated_at: stamp,
        })
        .catch(async (error: unknown) => {
          // Added by another request meanwhile (the unique path).
          if (await repo.folderByPath(path)) {
            throw validationFailed({ path: ['This folder is in the library already.'] });
          }
          throw error;
        });
      if (options.scan !== false) await queue(id);
      return presentOne(id);
    },

    /** Asks for a rescan; a running one finishes first, then the next starts. */
    async requestScan(id: number, options: { queue?: boolean } = {}): Promise<LibraryFolder> {
      const row = await repo.folder(id);
      if (!row || row.status === 'removing') throw notFound();
      await repo.updateFolder(id, { scan_requested_at: now(), updated_at: now() });
      if (options.queue !== false) await queue(id);
      return presentOne(id);
    },

    /** Its tracks leave the catalog in the background; the files stay as they are. */
    async remove(id: number): Promise<LibraryFolder> {
      const row = await repo.folder(id);
      // Asked again while removing: queued again (the first runner may have died).
      if (!row) throw notFound();
      await repo.updateFolder(id, { status: 'removing', updated_at: now() });
      const folder = await presentOne(id);
      await queue(id);
      return folder;
    },

    /**
     * Who sees the folder's music: everyone, or the chosen users and roles (music admins
     * always). Its tracks, and albums and artists that exist only through it, follow at once.
     */
    async setAccess(id: number, input: LibraryFolderAccess): Promise<LibraryFolder> {
      const row = await repo.folder(id);
      if (!row || row.status === 'removing') throw notFound();
      const chosen = input.access === 'chosen';
      const userIds = chosen ? [...new Set(input.user_ids)] : [];
      const roleIds = chosen ? [...new Set(input.role_ids)] : [];
      const [users, roles] = await Promise.all([
        repo.existing('users', userIds),
        repo.existing('roles', roleIds),
      ]);
      const errors: Record<string, string[]> = {};
      if (userIds.some((userId) => !users.has(userId)))
        errors.user_ids = ['A chosen user no longer exists.'];
      if (roleIds.some((roleId) => !roles.has(roleId)))
        errors.role_ids = ['A chosen role no longer exists.'];
      if (Object.keys(errors).length) throw validationFailed(errors);
      await repo.setAccess(
        id,
        input.access,
        [
          ...userIds.map((userId) => ({ type: 'user' as const, id: userId })),
          ...roleIds.map((roleId) => ({ type: 'role' as const, id: roleId })),
        ],
        now(),
      );
      if (row.access === 'chosen' || chosen) {
        await deps.catalog.syncAccess(await repo.trackIdsOf(id));
      }
      return presentOne(id);
    },

    /** The folder registered at this path (resolved), if any. */
    async findByPath(path: string) {
      const row = await repo.folderByPath(resolve(path));
      return row ? presentOne(row.id) : null;
    },

    /**
     * `MUSIC_FOLDERS` at start: registers the folders not known yet and asks for a rescan of
     * each (incremental: unchanged files are not read). Paths that cannot be used are reported.
     */
    async registerAll(paths: string[], report: (path: string, reason: string) => void) {
      for (const path of paths) {
        try {
          const known = await service.findByPath(path);
          if (known) await service.requestScan(known.id);
          else await service.add({ path });
        } catch (error) {
          report(path, error instanceof DomainError ? error.message : String(error));
        }
      }
    },

    /**
     * At start: folders whose scan or removal was owed (asked for, or stopped with the last
     * process) get their job again.
     */
    async resume(): Promise<number> {
      const owed = [];
      for (const row of await repo.folders()) {
        // Files saved from their tags whose decode did not happen yet are owed too.
        if (row.status !== 'idle' || scanPending(row)) owed.push(row);
        else if ((await repo.pendingAnalysis(row.id, 1)).length) owed.push(row);
      }
      for (const row of owed) await queue(row.id);
      return owed.length;
    },

    /**
     * Runs a folder's scan here and now (the import command), with its progress; `ran` is
     * false when another process is scanning it (that one takes this request up after).
     */
    async scanNow(id: number, options: RunOptions = {}) {
      await service.requestScan(id, { queue: false });
      const ran = await run(id, options);
      return { folder: await presentOne(id), ran };
    },

    /**
     * The background analysis for the admin (issue 42): files waiting in every folder, the
     * rate over the last minute and the time left at that rate (null while nothing moves).
     */
    async analysisProgress(): Promise<LibraryAnalysisProgress> {
      const since = new Date(Date.now() - RATE_WINDOW_MS).toISOString();
      const { waiting, recent } = await repo.analysisCounts(since);
      const perSecond = recent / (RATE_WINDOW_MS / 1000);
      return {
        files_left: waiting,
        files_per_second: Math.round(perSecond * 10) / 10,
        seconds_left: waiting && perSecond ? Math.ceil(waiting / perSecond) : null,
      };
    },

    /** A library track's waveform, made on its first ask (null for other tracks). */
    waveformOf: waveforms.waveformOf,

    /** Where a library file is (streaming resolves `library/<id>` keys with this). */
    locate: (fileId: number) => repo.locate(fileId).then((row) => row ?? null),
  };
  return service;
}
