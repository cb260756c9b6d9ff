import { queryClient } from './query-client.ts';

/** How often the page is checked for quiet, and how long it must stay quiet. */
const CHECK_EVERY_MS = 250;
const QUIET_CHECKS = 4;
/** A press comes just before a click: what the click needs starts loading then. */
const FIRST_INPUTS = ['pointerdown', 'keydown'] as const;

/**
 * Runs `work` once, when the page has settled (loaded, and no data fetched for about a
 * second) or at the listener's first press of a pointer or key, whichever comes first. For
 * code the first page does not need to show (issue 22), loaded after it rather than before,
 * yet in place before most clicks. Returns a function that cancels it.
 */
export function whenPageSettled(work: () => void): () => void {
  let quietChecks = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    clearTimeout(timer);
    for (const type of FIRST_INPUTS) window.removeEventListener(type, run, true);
  };
  function run() {
    cancel();
    work();
  }
  const check = () => {
    const quiet = document.readyState === 'complete' && queryClient.isFetching() === 0;
    quietChecks = quiet ? quietChecks + 1 : 0;
    if (quietChecks >= QUIET_CHECKS) run();
    else timer = setTimeout(check, CHECK_EVERY_MS);
  };
  for (const type of FIRST_INPUTS) window.addEventListener(type, run, true);
  timer = setTimeout(check, CHECK_EVERY_MS);
  return cancel;
}
