/**
 * Work a listener is waiting on right now, and the work that can wait for it (issue 22).
 *
 * A first Play starts its track on a plain <audio> element within the click. Traced in
 * Chromium, the track's data, the demuxer's start and the `playing` event all pass through
 * the page's main thread; whatever else ran there after the click (the player bar's render,
 * the audio engine's and other deferred code's evaluation) came before the first sound.
 * While foreground work runs, work handed to `afterForegroundWork` waits until it is done, or
 * for its time limit at most.
 */
let current: object | null = null;
const queued: (() => void)[] = [];

/** Foreground work from now until `done` settles, or `maxMs` at most. */
export function beginForegroundWork(done: Promise<unknown>, maxMs: number): void {
  const token = {};
  current = token;
  const finish = () => {
    // A newer start (another click on Play) holds the queue until its own end.
    if (current !== token) return;
    clearTimeout(timer);
    current = null;
    for (const work of queued.splice(0)) work();
  };
  const timer = setTimeout(finish, maxMs);
  void done.then(finish, finish);
}

/** Runs `work` now, or once the foreground work under way is done. */
export function afterForegroundWork(work: () => void): void {
  if (current) queued.push(work);
  else work();
}
