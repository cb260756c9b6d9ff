/**
 * Spent read buffers kept for the next stream (file-range.ts). A piped file stream allocates a
 * fresh buffer for every read; at loopback speed that is hundreds of MB a second of memory
 * outside V8's heap, which V8 answers with full collections.
 *
 * The pool keeps up to `max` and lets them all go once no buffer was taken for `idleMs`, so a
 * burst of listeners leaves nothing behind for long. With only 8 kept, 8 listeners (two
 * buffers each) still allocated a buffer for most reads: V8 ran a full collection every ~60 ms,
 * about a third of the main thread, and streaming pinned to one core ran at 0.75x a bare Node
 * server; with 32 kept, at 1.03x and 1.14x in two runs (issue 22).
 */
export interface BufferPool {
  take(): Buffer;
  giveBack(buffer: Buffer): void;
  /** Buffers kept now. */
  readonly kept: number;
}

export function createBufferPool(options: {
  bytes: number;
  max: number;
  idleMs: number;
}): BufferPool {
  const spare: Buffer[] = [];
  let lastTaken = 0;
  let timer: NodeJS.Timeout | undefined;

  const dropWhenIdle = (ms: number) => {
    if (timer || spare.length === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      const idle = Date.now() - lastTaken;
      if (idle >= options.idleMs) spare.length = 0;
      else dropWhenIdle(options.idleMs - idle);
    }, ms);
    // A kept buffer never holds the process open.
    timer.unref();
  };

  return {
    take() {
      lastTaken = Date.now();
      return spare.pop() ?? Buffer.allocUnsafeSlow(options.bytes);
    },
    giveBack(buffer) {
      if (buffer.length !== options.bytes || spare.length >= options.max) return;
      spare.push(buffer);
      dropWhenIdle(options.idleMs);
    },
    get kept() {
      return spare.length;
    },
  };
}
