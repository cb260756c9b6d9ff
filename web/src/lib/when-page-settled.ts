import { afterForegroundWork } from './foreground-work.ts';
import { queryClient } from './query-client.ts';

/** How often the page is checked for quiet, and how long it must stay quiet. */
const CHECK_EVERY_MS = 250;
const QUIET_CHECKS = 4;
/**
 * The first click or key: what it may need starts loading then, once what it set off in
 * the foreground (a first sound) is done.
 */
const FIRST_INPUTS = ['click', 'keydown'] as const;

/**
 * Runs `work` once, when the page has settled (loaded, and no data fetched for about a
 * second) or after the listener's first click or key, whichever comes first, and never
 * while foreground work is under way (foreground-work.ts). For code the first page does not
 * need to show (issue 22), loaded after it rather than before, yet in place before most
 * clicks. Returns a function that cancels it.
 */
export function whenPageSettled(
  work: () => void,
  /** Whether the first click or key may run it early (else only the page's settling does). */
  { atFirstInput = true }: { atFirstInput?: boolean } = {},
): () => void {
  let quietChecks = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelled = false;
  const stopWatching = () => {
    clearTimeout(timer);
    for (const type of FIRST_INPUTS) window.removeEventListener(type, run, true);
  };
  const start = () => afterForegroundWork(() => !cancelled && work());
  function run() {
    stopWatching();
    // After the input's own handlers (one task later), which may start foreground work.
    timer = setTimeout(start);
  }
  const check = () => {
    const quiet = document.readyState === 'complete' && queryClient.isFetching() === 0;
    quietChecks = quiet ? quietChecks + 1 : 0;
    if (quietChecks >= QUIET_CHECKS) {
      stopWatching();
      start();
    } else timer = setTimeout(check, CHECK_EVERY_MS);
  };
  if (atFirstInput) for (const type of FIRST_INPUTS) window.addEventListener(type, run, true);
  timer = setTimeout(check, CHECK_EVERY_MS);
  return () => {
    cancelled = true;
    stopWatching();
  };
}
