import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  UPLOAD_MESSAGES,
  chooseUploadMethod,
  clientUploadProblem,
  type FileEntry,
  type PublicSettings,
  type UploadMethod,
  type UploadStatus,
} from '@backbeat/common';
import type { Replacements } from '@backbeat/common';
import type { StartUpload, StopReason, UploadJob, UploadRequestMetadata } from './clients/types.ts';
import { uploadErrorMessage } from './clients/error-message.ts';
import { hasTimedOut, nextSpeed, uploadsToStart } from './queue-rules.ts';
import { describeFile, type UploadedFile } from './upload-file.ts';

export interface UploadItem {
  id: string;
  /** The panel that added it; each panel lists its own. */
  scope: string;
  file: File;
  info: UploadedFile;
  method: UploadMethod;
  size: number;
  relativePath: string | null;
  status: UploadStatus;
  /** Paused by the user: waiting, but not started until resumed. */
  paused: boolean;
  /** Bytes the server holds. */
  bytesSent: number;
  /** Bytes a second while it runs. */
  speed: number | null;
  /** Translated, ready to show. */
  error: string | null;
  /** False for a restriction breach: sending the same file again cannot help. */
  retryable: boolean;
  entry: FileEntry | null;
  metadata: UploadRequestMetadata;
}

export interface AddUploadsOptions {
  scope: string;
  metadata?: Record<string, unknown>;
  accept?: string[];
  onUploaded?: (entry: FileEntry) => void;
}

export interface UploadState {
  items: UploadItem[];
  /** The last completion or failure, for a screen reader's live region. */
  announcement: string;
  add(files: { file: File; relativePath?: string | null }[], options: AddUploadsOptions): string[];
  pause(id: string): void;
  resume(id: string): void;
  cancel(id: string): void;
  retry(id: string): void;
  /** Takes finished, failed and cancelled rows of a panel off its list. */
  clearFinished(scope: string): void;
}

export interface UploadStoreDeps {
  clients: Record<UploadMethod, StartUpload>;
  settings: () => PublicSettings['uploads'];
  userId: () => number | null;
  translate: (line: string, replacements?: Replacements) => string;
  now?: () => number;
}

interface Running {
  job: UploadJob;
  lastProgressAt: number;
  lastSample: { at: number; bytes: number };
}

const WATCHDOG_MS = 1000;

/**
 * The one upload queue of the app (spec 2 §4): items wait as pending, run three at once (or
 * one, for folders, S3 multipart and large chunked uploads), and end completed, failed or
 * aborted. A run that makes no progress for 30 s fails with "Upload timed out".
 */
export function createUploadStore(deps: UploadStoreDeps): StoreApi<UploadState> {
  const now = deps.now ?? (() => Date.now());
  const running = new Map<string, Running>();
  const callbacks = new Map<string, (entry: FileEntry) => void>();
  let sequence = 0;
  let watchdog: ReturnType<typeof setInterval> | null = null;

  const store = createStore<UploadState>(() => ({
    items: [],
    announcement: '',
    add,
    pause,
    resume,
    cancel,
    retry,
    clearFinished,
  }));
  const { getState, setState } = store;

  const update = (id: string, patch: Partial<UploadItem>) =>
    setState((state) => ({
      items: state.items.map((item) => (item.id === id ? { ...item, ...patch } : item)),
    }));
  const itemOf = (id: string) => getState().items.find((item) => item.id === id);

  function add(
    files: { file: File; relativePath?: string | null }[],
    options: AddUploadsOptions,
  ): string[] {
    const settings = deps.settings();
    const rules = {
      maxSize: settings.max_size,
      allowed: settings.allowed_extensions,
      blocked: settings.blocked_extensions,
      accept: options.accept,
    };
    const metadata = { ...options.metadata, ...(options.accept ? { accept: options.accept } : {}) };
    const added: UploadItem[] = files.map(({ file, relativePath }) => {
      const info = describeFile(file, relativePath);
      const problem = clientUploadProblem(info, rules);
      sequence += 1;
      const id = `upload-${sequence}`;
      if (options.onUploaded) callbacks.set(id, options.onUploaded);
      return {
        id,
        scope: options.scope,
        file,
        info,
        method: chooseUploadMethod(info.size, {
          chunk: settings.chunk,
          s3Direct: settings.s3_direct_upload,
        }),
        size: info.size,
        relativePath: info.relativePath,
        status: problem ? 'failed' : 'pending',
        paused: false,
        bytesSent: 0,
        speed: null,
        error: problem ? deps.translate(problem.line, problem.replacements) : null,
        retryable: !problem,
        entry: null,
        metadata: info.relativePath ? { ...metadata, relativePath: info.relativePath } : metadata,
      };
    });
    setState((state) => ({ items: [...state.items, ...added] }));
    const refused = added.find((item) => item.status === 'failed');
    if (refused) announce(failedLine(refused.info.name, refused.error ?? ''));
    pump();
    return added.map((item) => item.id);
  }

  const failedLine = (name: string, error: string) =>
    deps.translate(':name failed: :error', { name, error });
  const announce = (announcement: string) => setState({ announcement });

  /** Starts what the queue rules allow. */
  function pump() {
    const settings = deps.settings();
    for (const id of uploadsToStart(getState().items, settings.chunk_size)) start(id);
    if (running.size && !watchdog) watchdog = setInterval(checkTimeouts, WATCHDOG_MS);
    if (!running.size && watchdog) {
      clearInterval(watchdog);
      watchdog = null;
    }
  }

  function start(id: string) {
    const item = itemOf(id);
    const userId = deps.userId();
    if (!item) return;
    if (userId === null) {
      update(id, { status: 'failed', error: deps.translate('Log in to upload files.') });
      return;
    }
    const startedAt = now();
    update(id, { status: 'inProgress', error: null, speed: null });
    let started: UploadJob | null = null;
    const job = deps.clients[item.method]({
      file: item.file,
      info: item.info,
      metadata: item.metadata,
      userId,
      chunkSize: deps.settings().chunk_size,
      onProgress: (bytes) => {
        if (started) progress(id, started, bytes);
      },
    });
    started = job;
    const run: Running = {
      job,
      lastProgressAt: startedAt,
      lastSample: { at: startedAt, bytes: item.bytesSent },
    };
    running.set(id, run);
    job.done.then(
      (entry) => finish(id, job, entry),
      (error: unknown) => fail(id, job, deps.translate(uploadErrorMessage(error))),
    );
  }

  const isCurrent = (id: string, job: UploadJob) => running.get(id)?.job === job;

  function progress(id: string, job: UploadJob, bytes: number) {
    const run = running.get(id);
    if (!run || run.job !== job) return;
    const item = itemOf(id);
    if (!item) return;
    const at = now();
    if (bytes > run.lastSample.bytes) run.lastProgressAt = at;
    const speed = nextSpeed(item.speed, {
      bytes: bytes - run.lastSample.bytes,
      ms: at - run.lastSample.at,
    });
    run.lastSample = { at, bytes };
    update(id, { bytesSent: Math.min(bytes, item.size), speed });
  }

  function finish(id: string, job: UploadJob, entry: FileEntry) {
    if (!isCurrent(id, job)) return;
    running.delete(id);
    const item = itemOf(id);
    update(id, { status: 'completed', bytesSent: item?.size ?? 0, speed: null, entry });
    announce(deps.translate('Uploaded :name', { name: item?.info.name ?? '' }));
    callbacks.get(id)?.(entry);
    callbacks.delete(id);
    pump();
  }

  function fail(id: string, job: UploadJob, error: string) {
    if (!isCurrent(id, job)) return;
    running.delete(id);
    update(id, { status: 'failed', speed: null, error });
    announce(failedLine(itemOf(id)?.info.name ?? '', error));
    pump();
  }

  /** Stops a running job without waiting for its clean-up. */
  function stopRun(id: string, reason: StopReason) {
    const run = running.get(id);
    if (!run) return;
    running.delete(id);
    void run.job.stop(reason);
  }

  function checkTimeouts() {
    const at = now();
    for (const [id, run] of [...running]) {
      if (!hasTimedOut(run.lastProgressAt, at)) continue;
      stopRun(id, 'fail');
      const error = deps.translate(UPLOAD_MESSAGES.timedOut);
      update(id, { status: 'failed', speed: null, error });
      announce(failedLine(itemOf(id)?.info.name ?? '', error));
    }
    pump();
  }

  function pause(id: string) {
    const item = itemOf(id);
    if (!item || (item.status !== 'inProgress' && item.status !== 'pending')) return;
    stopRun(id, 'pause');
    update(id, { status: 'pending', paused: true, speed: null });
    pump();
  }

  function resume(id: string) {
    const item = itemOf(id);
    if (!item || !item.paused) return;
    update(id, { paused: false });
    pump();
  }

  function cancel(id: string) {
    const item = itemOf(id);
    if (!item || item.status === 'completed' || item.status === 'aborted') return;
    stopRun(id, 'cancel');
    update(id, { status: 'aborted', paused: false, speed: null });
    announce(deps.translate('Cancelled :name', { name: item.info.name }));
    pump();
  }

  function retry(id: string) {
    const item = itemOf(id);
    if (!item || !item.retryable || (item.status !== 'failed' && item.status !== 'aborted')) {
      return;
    }
    update(id, { status: 'pending', paused: false, error: null, bytesSent: 0, speed: null });
    pump();
  }

  function clearFinished(scope: string) {
    const done: UploadStatus[] = ['completed', 'failed', 'aborted'];
    setState((state) => ({
      items: state.items.filter((item) => item.scope !== scope || !done.includes(item.status)),
    }));
  }

  return store;
}
