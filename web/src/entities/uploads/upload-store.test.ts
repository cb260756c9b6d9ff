import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MB, translate, type FileEntry, type PublicSettings } from '@backbeat/common';
import { ApiError } from '../../lib/api-error.ts';
import type { StartUpload, StopReason, UploadJobInput } from './clients/types.ts';
import { createUploadStore } from './upload-store.ts';

/** A job the test drives by hand: progress, success, failure; it records how it was stopped. */
interface FakeJob {
  input: UploadJobInput;
  stops: StopReason[];
  succeed(entry?: Partial<FileEntry>): void;
  failWith(error: unknown): void;
}

let jobs: FakeJob[];
let settings: PublicSettings['uploads'];

const fakeClient: StartUpload = (input) => {
  let resolve!: (entry: FileEntry) => void;
  let reject!: (error: unknown) => void;
  const done = new Promise<FileEntry>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  const job: FakeJob = {
    input,
    stops: [],
    succeed: (entry = {}) =>
      resolve({
        id: jobs.indexOf(job) + 1,
        name: input.info.name,
        file_size: input.info.size,
        mime: null,
        extension: null,
        path: 'uploads/x',
        url: 'api/v1/file-entries/1',
        updated_at: '2026-01-01T00:00:00.000Z',
        ...entry,
      }),
    failWith: reject,
  };
  jobs.push(job);
  return { done, stop: async (reason) => void job.stops.push(reason) };
};

function makeStore() {
  return createUploadStore({
    clients: {
      tus: fakeClient,
      s3Simple: fakeClient,
      s3Multipart: fakeClient,
      multipart: fakeClient,
    },
    settings: () => settings,
    userId: () => 7,
    translate: (line, replacements) => translate({}, line, replacements),
  });
}

const file = (name: string, type = 'audio/mpeg') =>
  new File([new Uint8Array(16)], name, { type, lastModified: 1 });
/** A File whose size is announced without allocating it. */
const sized = (name: string, size: number) => {
  const f = file(name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
};
const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));

beforeEach(() => {
  jobs = [];
  settings = {
    chunk: true,
    chunk_size: 5 * MB,
    max_size: 100 * MB,
    allowed_extensions: [],
    blocked_extensions: ['exe'],
    s3_direct_upload: false,
  };
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

const statuses = (store: ReturnType<typeof makeStore>) =>
  store.getState().items.map((item) => item.status);

describe('the upload queue (spec 2 §4)', () => {
  it('runs three at once and starts the next as one completes', async () => {
    const store = makeStore();
    const uploaded: number[] = [];
    store.getState().add(
      ['a', 'b', 'c', 'd'].map((name) => ({ file: file(`${name}.mp3`) })),
      { scope: 'test', onUploaded: (entry) => uploaded.push(entry.id) },
    );
    expect(statuses(store)).toEqual(['inProgress', 'inProgress', 'inProgress', 'pending']);
    expect(jobs).toHaveLength(3);

    jobs[1]!.succeed();
    await flush();
    expect(statuses(store)).toEqual(['inProgress', 'completed', 'inProgress', 'inProgress']);
    expect(store.getState().items[1]!.entry?.name).toBe('b.mp3');
    expect(uploaded).toEqual([2]);
    expect(store.getState().announcement).toBe('Uploaded b.mp3');
  });

  it('runs a large chunked upload alone', async () => {
    const store = makeStore();
    store
      .getState()
      .add(
        [{ file: sized('long.wav', 40 * MB) }, { file: file('a.mp3') }, { file: file('b.mp3') }],
        { scope: 'test' },
      );
    expect(store.getState().items[0]!.method).toBe('tus');
    expect(statuses(store)).toEqual(['inProgress', 'pending', 'pending']);
    jobs[0]!.succeed();
    await flush();
    expect(statuses(store)).toEqual(['completed', 'inProgress', 'inProgress']);
  });

  it('uploads a folder one file at a time, each with its path', async () => {
    const store = makeStore();
    store.getState().add(
      [
        { file: file('01.mp3'), relativePath: 'Album/01.mp3' },
        { file: file('02.mp3'), relativePath: 'Album/02.mp3' },
      ],
      { scope: 'test', metadata: { parentId: 3 } },
    );
    expect(statuses(store)).toEqual(['inProgress', 'pending']);
    expect(jobs[0]!.input.metadata).toEqual({ parentId: 3, relativePath: 'Album/01.mp3' });
  });

  it('fails a file that breaks a restriction before sending it, with the spec message', () => {
    const store = makeStore();
    store
      .getState()
      .add(
        [
          { file: sized('huge.flac', 101 * MB) },
          { file: file('setup.exe') },
          { file: file('ok.mp3') },
        ],
        { scope: 'test' },
      );
    const [huge, blocked, ok] = store.getState().items;
    expect(huge).toMatchObject({ status: 'failed', retryable: false });
    expect(huge!.error).toBe('`huge.flac` exceeds maximum allowed size of 100 MB');
    expect(blocked!.error).toBe('This file type is not allowed');
    expect(ok!.status).toBe('inProgress');
    expect(jobs).toHaveLength(1);
  });

  it('shows the backend message when the server refuses the upload', async () => {
    const store = makeStore();
    store.getState().add([{ file: file('fake.mp3') }], { scope: 'test' });
    jobs[0]!.failWith(
      new ApiError(422, {
        message: 'The given data was invalid.',
        errors: { file: ['This file type is not allowed'] },
      }),
    );
    await flush();
    expect(store.getState().items[0]).toMatchObject({
      status: 'failed',
      error: 'This file type is not allowed',
      retryable: true,
    });
    expect(store.getState().announcement).toBe('fake.mp3 failed: This file type is not allowed');
  });
});

describe('time-out, pause, cancel and retry (spec 2 §4, §8)', () => {
  it('fails with "Upload timed out" after 30 s without progress, and stops the job', () => {
    const store = makeStore();
    store.getState().add([{ file: sized('slow.mp3', 1000) }], { scope: 'test' });
    vi.advanceTimersByTime(20_000);
    jobs[0]!.input.onProgress(500);
    // Progress restarts the 30 s.
    vi.advanceTimersByTime(25_000);
    expect(statuses(store)).toEqual(['inProgress']);
    expect(store.getState().items[0]!.bytesSent).toBe(500);
    vi.advanceTimersByTime(6_000);
    expect(store.getState().items[0]).toMatchObject({
      status: 'failed',
      error: 'Upload timed out',
    });
    expect(jobs[0]!.stops).toEqual(['fail']);
  });

  it('pauses into the queue without timing out, and resumes with a fresh run', () => {
    const store = makeStore();
    const [id] = store.getState().add([{ file: file('a.mp3') }], { scope: 'test' });
    store.getState().pause(id!);
    expect(store.getState().items[0]).toMatchObject({ status: 'pending', paused: true });
    expect(jobs[0]!.stops).toEqual(['pause']);
    vi.advanceTimersByTime(60_000);
    expect(store.getState().items[0]!.status).toBe('pending');

    store.getState().resume(id!);
    expect(statuses(store)).toEqual(['inProgress']);
    expect(jobs).toHaveLength(2);
  });

  it('cancels into aborted, ignoring what the stopped job says afterwards', async () => {
    const store = makeStore();
    const [id] = store.getState().add([{ file: file('a.mp3') }], { scope: 'test' });
    store.getState().cancel(id!);
    expect(statuses(store)).toEqual(['aborted']);
    expect(jobs[0]!.stops).toEqual(['cancel']);
    jobs[0]!.failWith(new Error('aborted'));
    await flush();
    expect(statuses(store)).toEqual(['aborted']);
  });

  it('retries a failed upload from the queue', async () => {
    const store = makeStore();
    const [id] = store.getState().add([{ file: file('a.mp3') }], { scope: 'test' });
    jobs[0]!.failWith(new TypeError('Failed to fetch'));
    await flush();
    expect(store.getState().items[0]!.error).toBe('There was an issue. Please try again.');
    store.getState().retry(id!);
    expect(store.getState().items[0]).toMatchObject({ status: 'inProgress', error: null });
    jobs[1]!.succeed();
    await flush();
    expect(statuses(store)).toEqual(['completed']);
  });

  it('clears settled rows of one panel only', async () => {
    const store = makeStore();
    store.getState().add([{ file: file('a.mp3') }], { scope: 'one' });
    store.getState().add([{ file: file('b.mp3') }], { scope: 'two' });
    jobs[0]!.succeed();
    jobs[1]!.succeed();
    await flush();
    store.getState().clearFinished('one');
    expect(store.getState().items.map((item) => item.info.name)).toEqual(['b.mp3']);
  });
});
