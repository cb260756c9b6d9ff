// The demo-audio render thread: synthesis and MP3 encoding run here, off the main thread, so
// a listener's request is never queued behind a slice of someone else's render.
import { parentPort } from 'node:worker_threads';
import type { Style } from './plan.ts';
import { generateDemoAudio, yieldToEventLoop } from './generator.ts';
import type { RenderReply, RenderRequest } from './render-messages.ts';

const port = parentPort!;
// The encoder loads with the thread, not on its first render.
void import('@breezystack/lamejs');
/** Whether each running render has a listener waiting, by job id. */
const waited = new Map<number, boolean>();
const someoneWaits = () => [...waited.values()].some(Boolean);

port.on('message', (message: RenderRequest) => {
  if (message.type === 'priority') {
    if (waited.has(message.id)) waited.set(message.id, message.waited);
    return;
  }
  const { id, seed, seconds, style } = message;
  waited.set(id, message.waited);
  // Renders nobody listens to step aside (poll every 20 ms) while a listener waits for another.
  const pause = async () => {
    await yieldToEventLoop();
    while (!waited.get(id) && someoneWaits()) await new Promise((r) => setTimeout(r, 20));
  };
  const send = (reply: RenderReply, transfer: ArrayBuffer[] = []) =>
    port.postMessage(reply, transfer);
  generateDemoAudio(
    seed,
    seconds,
    style as Style,
    pause,
    (bytes) => {
      // A copy the main thread owns: the encoder reuses its output buffer.
      const copy = new Uint8Array(bytes);
      send({ type: 'bytes', id, bytes: copy }, [copy.buffer]);
    },
    message.stopAfterBytes,
  )
    .then(({ waveform, loudness }) => send({ type: 'done', id, result: { waveform, loudness } }))
    .catch((error: unknown) =>
      send({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) }),
    )
    .finally(() => waited.delete(id));
});
