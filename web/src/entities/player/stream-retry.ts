/**
 * Waits before each new try of a failed stream request: short at first (a blip), longer when
 * the network stays away, then the track is given up (skipped with a toast).
 */
export const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000] as const;

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });

/** A failure not worth another try: the server answered that the track is not there. */
export class StreamRefused extends Error {}

/** Runs `attempt` until it succeeds, with backoff; gives up after the last delay. */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  signal?: AbortSignal,
  delays: readonly number[] = RETRY_DELAYS_MS,
): Promise<T> {
  for (let tried = 0; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      if (signal?.aborted || error instanceof StreamRefused || tried >= delays.length) throw error;
      await wait(delays[tried]!, signal);
    }
  }
}

/** The delay before the try after `tried` failures, or null once it is time to give up. */
export const retryDelay = (tried: number, delays: readonly number[] = RETRY_DELAYS_MS) =>
  tried < delays.length ? delays[tried]! : null;
