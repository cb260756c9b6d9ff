import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MB } from '@backbeat/common';
import type { EndpointDefinition } from '@backbeat/common/contract';
import { ApiError } from '../../../lib/api-error.ts';
import { describeFile } from '../upload-file.ts';
import { uploadErrorMessage } from './error-message.ts';
import { readMultipartSession, writeMultipartSession } from './multipart-session.ts';
import { HIDDEN_ETAG_MESSAGE } from './s3-part-request.ts';
import { startS3MultipartUpload, startS3SimpleUpload } from './s3-upload.ts';
import type { UploadJobInput } from './types.ts';

/** The calls the client made, by the last part of their path. */
let calls: { name: string; body: Record<string, unknown> }[];
let heldParts: { PartNumber: number; ETag: string; Size: number }[];
let puts: number[];
let sentHeaders: Record<string, string>[];
let partSizes: Map<number, number>;
let inFlight: number;
let mostInFlight: number;
let failPart: number | null;
let putMs: number;
/** The bucket's CORS hides ETag from the browser. */
let hideEtag: boolean;

vi.mock('../../../lib/api.ts', () => ({
  api: async (contract: EndpointDefinition, body: Record<string, unknown>) => {
    const name = contract.path.split('/').slice(-1)[0]!;
    calls.push({ name, body });
    if (body.filename === 'too-much.wav' && (name === 'presign' || name === 'create')) {
      throw new ApiError(422, { message: 'You have used all of your upload space.' });
    }
    switch (name) {
      case 'presign':
        return { url: 'https://bucket.test/simple', acl: 'private', key: 'uploads/simple' };
      case 'create':
        return { uploadId: 'new-upload', key: 'uploads/new' };
      case 'get-uploaded-parts':
        if (body.uploadId === 'gone') throw new ApiError(404, { message: 'Not found.' });
        return { parts: heldParts };
      case 'batch-sign-part-urls':
        return {
          urls: (body.partNumbers as number[]).map((partNumber) => ({
            partNumber,
            url: `https://bucket.test/part?partNumber=${partNumber}`,
          })),
        };
      case 'complete':
        return { location: null };
      case 'abort':
        return { aborted: true };
      case 'entries':
        return { fileEntry: { id: 1, name: 'x', path: body.filename } };
      default:
        throw new Error(`unexpected call ${name}`);
    }
  },
}));

/**
 * The browser's XMLHttpRequest as Uppy's S3 plugin uses it: each PUT takes `putMs` (or stops
 * at once when aborted), then answers 200 with an ETag, or fails like a lost connection.
 */
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  responseType = '';
  timeout = 0;
  private part = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private listeners = new Map<string, ((event: unknown) => void)[]>();
  private progress: ((event: unknown) => void)[] = [];
  upload = {
    addEventListener: (_type: string, listener: (event: unknown) => void) =>
      void this.progress.push(listener),
  };
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  private emit(type: string, event: unknown = { target: this }) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  getAllResponseHeaders() {
    if (hideEtag) return 'content-length: 0\r\n';
    return `content-length: 0\r\netag: "etag-${this.part}"\r\n`;
  }
  send(body: Blob) {
    this.part = Number(new URL(this.url).searchParams.get('partNumber'));
    puts.push(this.part);
    sentHeaders.push(this.headers);
    partSizes.set(this.part, body.size);
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    this.timer = setTimeout(() => {
      inFlight -= 1;
      if (this.part === failPart) {
        this.emit('error');
        return;
      }
      this.status = 200;
      for (const listener of this.progress) listener({ loaded: body.size, lengthComputable: true });
      this.emit('load');
    }, putMs);
  }
  abort() {
    if (this.timer === undefined || this.status) return;
    clearTimeout(this.timer);
    inFlight -= 1;
    this.emit('abort');
  }
}

/** 250 MB in parts of 20 MB: 13 parts, announced without allocating them. */
function bigFile(size = 250 * MB): File {
  const file = new File([new Uint8Array(8)], 'master.wav', { type: 'audio/wav', lastModified: 5 });
  Object.defineProperty(file, 'size', { value: size });
  Object.defineProperty(file, 'slice', {
    value: (start: number, end: number) => ({ size: end - start }) as Blob,
  });
  return file;
}

function input(file = bigFile()): UploadJobInput & { progress: number[] } {
  const progress: number[] = [];
  return {
    file,
    info: describeFile(file),
    metadata: {},
    userId: 3,
    chunkSize: 5 * MB,
    onProgress: (bytes) => progress.push(bytes),
    progress,
  };
}

beforeEach(() => {
  calls = [];
  heldParts = [];
  puts = [];
  sentHeaders = [];
  partSizes = new Map();
  inFlight = 0;
  mostInFlight = 0;
  failPart = null;
  putMs = 1;
  hideEtag = false;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  });
});
afterEach(() => vi.unstubAllGlobals());

const named = (name: string) => calls.filter((call) => call.name === name);

describe('S3 multipart upload (spec 2 §4, §7, §9)', () => {
  it('signs 10 parts a batch, sends 5 at once, completes, makes the entry and forgets the session', async () => {
    const job = input();
    const entry = await startS3MultipartUpload(job).done;
    expect(entry.path).toBe('uploads/new');
    expect(named('batch-sign-part-urls').map((call) => call.body.partNumbers)).toEqual([
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      [11, 12, 13],
    ]);
    expect(mostInFlight).toBe(5);
    // Parts of 20 MB (spec 2 §9), the last one the 10 MB left.
    expect(partSizes.get(1)).toBe(20 * MB);
    expect(partSizes.get(12)).toBe(20 * MB);
    expect(partSizes.get(13)).toBe(10 * MB);
    expect([...puts].sort((a, b) => a - b)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    const completed = named('complete')[0]!.body.parts as { PartNumber: number; ETag: string }[];
    expect(completed.map((part) => part.PartNumber)).toEqual(puts.slice().sort((a, b) => a - b));
    expect(completed[0]).toEqual({ PartNumber: 1, ETag: '"etag-1"' });
    expect(named('entries')[0]!.body).toMatchObject({ filename: 'uploads/new', size: 250 * MB });
    expect(job.progress.at(-1)).toBe(250 * MB);
    expect(readMultipartSession(3, job.info.fingerprint)).toBeNull();
  });

  it('resumes the session kept under the fingerprint, sending only the parts S3 lacks', async () => {
    const job = input();
    writeMultipartSession(3, job.info.fingerprint, {
      createdAt: Date.now(),
      fileKey: 'uploads/kept',
      uploadId: 'kept-upload',
    });
    heldParts = [1, 2, 3].map((PartNumber) => ({
      PartNumber,
      ETag: `"held-${PartNumber}"`,
      Size: 20 * MB,
    }));
    await startS3MultipartUpload(job).done;
    expect(named('create')).toHaveLength(0);
    expect(named('get-uploaded-parts')[0]!.body).toEqual({
      key: 'uploads/kept',
      uploadId: 'kept-upload',
    });
    expect([...puts].sort((a, b) => a - b)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(named('batch-sign-part-urls').map((call) => call.body.partNumbers)).toEqual([
      [4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
    ]);
    const completed = named('complete')[0]!.body.parts as { PartNumber: number; ETag: string }[];
    expect(completed.slice(0, 4)).toEqual([
      { PartNumber: 1, ETag: '"held-1"' },
      { PartNumber: 2, ETag: '"held-2"' },
      { PartNumber: 3, ETag: '"held-3"' },
      { PartNumber: 4, ETag: '"etag-4"' },
    ]);
    // Resumed progress starts from the bytes S3 already held.
    expect(job.progress[0]).toBe(60 * MB);
  });

  it('starts afresh when the server no longer knows the kept session', async () => {
    const job = input();
    writeMultipartSession(3, job.info.fingerprint, {
      createdAt: Date.now(),
      fileKey: 'uploads/old',
      uploadId: 'gone',
    });
    await startS3MultipartUpload(job).done;
    expect(named('create')).toHaveLength(1);
    expect(puts).toHaveLength(13);
  });

  it('retries a part 3 times, then aborts the upload and forgets the session', async () => {
    failPart = 2;
    const job = input();
    await expect(startS3MultipartUpload(job).done).rejects.toBeInstanceOf(Error);
    expect(puts.filter((part) => part === 2)).toHaveLength(4);
    // The retried part was signed again, alone with parts nobody had asked for: never over 10.
    const batches = named('batch-sign-part-urls').map((call) => call.body.partNumbers as number[]);
    expect(batches.filter((batch) => batch.includes(2)).length).toBeGreaterThan(1);
    expect(Math.max(...batches.map((batch) => batch.length))).toBeLessThanOrEqual(10);
    expect(named('abort')).toHaveLength(1);
    expect(named('abort')[0]!.body).toEqual({ key: 'uploads/new', uploadId: 'new-upload' });
    expect(named('complete')).toHaveLength(0);
    expect(readMultipartSession(3, job.info.fingerprint)).toBeNull();
  }, 15_000);

  it('keeps the session on a pause and aborts it on a cancel', async () => {
    putMs = 60_000;
    const paused = input();
    const first = startS3MultipartUpload(paused);
    const firstEnd = first.done.catch((error: unknown) => error);
    await vi.waitFor(() => expect(puts.length).toBeGreaterThan(0));
    await first.stop('pause');
    expect(await firstEnd).toBeInstanceOf(DOMException);
    expect(named('abort')).toHaveLength(0);
    expect(readMultipartSession(3, paused.info.fingerprint)?.uploadId).toBe('new-upload');

    const cancelled = startS3MultipartUpload(input());
    const cancelledEnd = cancelled.done.catch((error: unknown) => error);
    await vi.waitFor(() => expect(named('get-uploaded-parts')).toHaveLength(1));
    await cancelled.stop('cancel');
    expect(await cancelledEnd).toBeInstanceOf(DOMException);
    expect(named('abort')).toHaveLength(1);
    expect(readMultipartSession(3, paused.info.fingerprint)).toBeNull();
  });
});

describe('S3 simple upload (spec 2 §7)', () => {
  it('PUTs the file with its Content-Type and the acl header, then makes the entry', async () => {
    const file = new File([new Uint8Array(2048)], 'single.mp3', { type: 'audio/mpeg' });
    const job = input(file);
    const entry = await startS3SimpleUpload(job).done;
    expect(named('presign')[0]!.body).toMatchObject({ filename: 'single.mp3', mime: 'audio/mpeg' });
    expect(puts).toHaveLength(1);
    expect(sentHeaders[0]).toEqual({ 'Content-Type': 'audio/mpeg', 'x-amz-acl': 'private' });
    expect(named('create')).toHaveLength(0);
    expect(entry.path).toBe('uploads/simple');
    expect(named('entries')[0]!.body).toMatchObject({ filename: 'uploads/simple', size: 2048 });
    expect(job.progress.at(-1)).toBe(2048);
  });
});

describe('a refusal from the server (spec 2 §8)', () => {
  it.each([
    ['simple', startS3SimpleUpload, 2048],
    ['multipart', startS3MultipartUpload, 250 * MB],
  ] as const)(
    'ends the %s upload with the backend message, nothing sent',
    async (_, start, size) => {
      const file = new File([new Uint8Array(8)], 'too-much.wav', { type: 'audio/wav' });
      Object.defineProperty(file, 'size', { value: size });
      const error = await start(input(file)).done.catch((failure: unknown) => failure);
      expect(uploadErrorMessage(error)).toBe('You have used all of your upload space.');
      expect(puts).toEqual([]);
      expect(named('entries')).toEqual([]);
    },
  );
});

describe('a bucket whose CORS hides the ETag header', () => {
  it('fails a multipart upload at once with the reason, and aborts it', async () => {
    hideEtag = true;
    const job = input();
    const error = await startS3MultipartUpload(job).done.catch((failure: unknown) => failure);
    expect(uploadErrorMessage(error)).toBe(HIDDEN_ETAG_MESSAGE);
    expect(named('complete')).toHaveLength(0);
    expect(named('entries')).toHaveLength(0);
    expect(named('abort')).toHaveLength(1);
    expect(readMultipartSession(3, job.info.fingerprint)).toBeNull();
  });

  it('still completes a simple upload, which needs no ETag', async () => {
    hideEtag = true;
    const file = new File([new Uint8Array(2048)], 'single.mp3', { type: 'audio/mpeg' });
    const entry = await startS3SimpleUpload(input(file)).done;
    expect(entry.path).toBe('uploads/simple');
  });
});
