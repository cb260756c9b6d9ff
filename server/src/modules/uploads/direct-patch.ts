import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { Server, ServerOptions } from '@tus/server';
import type { CancellationContext, DataStore, Upload } from '@tus/utils';
import { tusUtilsPackage } from './tus-packages.ts';

type PatchHandler = Server['handlers']['PATCH'];
type PatchHandlerClass = new (store: DataStore, options: ServerOptions) => PatchHandler;
type TusRequest = Parameters<PatchHandler['send']>[0];
/** The handler's own Headers type (a program without the DOM lib may see another global). */
type TusHeaders = Parameters<PatchHandler['send']>[2];

/** How much the file may hold in memory before the request is paused (fs writes are batched). */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/**
 * @tus/server reads a PATCH body as a web stream made from the Node request, and the file
 * store turns it back into a Node stream: two conversions and three stream hops per 64 KB
 * (about 40% of local upload throughput, and garbage the young generation keeps until the next
 * scavenge). For uploads to local disk the PATCH handler here hands the Node request itself to
 * `writeBody`, which appends it to the upload's file. Everything else about a PATCH (locks,
 * offset 409, sizes, expiry, hooks, the answer) stays @tus/server's own.
 */
export function useDirectPatch(server: Server, fileOf: (id: string) => string): void {
  const Base = server.handlers.PATCH.constructor as PatchHandlerClass;
  class DirectPatchHandler extends Base {
    override send(req: TusRequest, context: CancellationContext, headers?: TusHeaders) {
      // The web body is made on first read of `req.body`: the handler reads the Node one.
      const node = (req as { runtime?: { node?: { req?: Readable } } }).runtime?.node?.req;
      if (node instanceof Readable) Object.defineProperty(req, 'body', { value: node });
      return super.send(req, context, headers);
    }

    protected override writeToStore(
      body: ReadableStream | null,
      upload: Upload,
      maxBodySize: number,
      context: CancellationContext,
    ): Promise<number> {
      if (!((body as unknown) instanceof Readable)) {
        return super.writeToStore(body, upload, maxBodySize, context);
      }
      return writeBody(body as unknown as Readable, fileOf(upload.id), upload.offset, {
        maxBodySize,
        signal: context.signal,
      });
    }
  }
  server.handlers.PATCH = new DirectPatchHandler(server.datastore, server.options);
}

/**
 * Appends a request body to `path` at `offset` and resolves with the new offset, as the file
 * store would: what arrived before the client went away or the lock was asked back (`signal`)
 * is kept, so a resume sends only the rest. A body longer than `maxBodySize` is refused (413)
 * with the chunk that crossed it left out. Bytes accepted are always flushed before the
 * promise settles, so the file's length is the offset the next request sees.
 */
export function writeBody(
  body: Readable,
  path: string,
  offset: number,
  { maxBodySize, signal }: { maxBodySize: number; signal: AbortSignal },
): Promise<number> {
  const { ERRORS } = tusUtilsPackage();
  if (signal.aborted) return Promise.reject(ERRORS.ABORTED);
  return new Promise((resolve, reject) => {
    const file = createWriteStream(path, {
      flags: 'r+',
      start: offset,
      highWaterMark: WRITE_BUFFER_BYTES,
    });
    let accepted = 0;
    let failure: unknown;
    let ended = false;

    const onData = (chunk: Buffer) => {
      if (accepted + chunk.length > maxBodySize) return stop(ERRORS.ERR_MAX_SIZE_EXCEEDED);
      accepted += chunk.length;
      if (!file.write(chunk)) body.pause();
    };
    const onDrain = () => {
      if (!ended) body.resume();
    };
    const onEnd = () => stop();
    // Server.handler aborts the context on a request error (a client gone) before this runs:
    // then the bytes are kept; any other source error, or a body closed before its end, is
    // the tus "aborted" answer.
    const onError = () => stop(signal.aborted ? undefined : ERRORS.ABORTED);
    const onAbort = () => stop();

    function stop(error?: unknown) {
      if (ended) return;
      ended = true;
      failure = error;
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
      body.off('close', onError);
      // A request that breaks later (its client gone after the answer) must not throw.
      body.on('error', () => {});
      signal.removeEventListener('abort', onAbort);
      file.off('drain', onDrain);
      // What is left of the body stays unread: the answer then closes the connection.
      if (!body.readableEnded) body.pause();
      file.end();
    }

    file.on('drain', onDrain);
    file.once('error', () => {
      failure = ERRORS.FILE_WRITE_ERROR;
      stop(failure);
    });
    file.once('close', () => (failure ? reject(failure) : resolve(offset + accepted)));
    signal.addEventListener('abort', onAbort, { once: true });
    body.on('error', onError);
    body.on('end', onEnd);
    body.on('close', onError);
    body.on('data', onData);
  });
}
