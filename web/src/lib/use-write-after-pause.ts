import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useNavigation } from 'react-router';

/** How long typing must pause before what was typed is written (address, query, filter). */
export const TYPING_PAUSE_MS = 300;

/**
 * Writes what was typed once the typist pauses, not on every key. While another page loads (a
 * result or row was clicked before the pause ended and its code is still arriving) nothing is
 * written: writing the address then would cancel the navigation under way and leave the person
 * on the list they meant to leave.
 */
export function useWriteAfterPause(
  typed: string,
  written: string,
  write: (typed: string) => void,
  delayMs = TYPING_PAUSE_MS,
) {
  const navigating = useNavigation().state !== 'idle';
  // The router renders its state changes in a transition, so the rendered `navigating` can lag
  // the click by a busy main thread's worth of time; the router's own state is current.
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const latestWrite = useRef(write);
  useEffect(() => {
    latestWrite.current = write;
  });
  useEffect(() => {
    if (typed === written || navigating) return;
    const timer = setTimeout(() => {
      if (router && router.state.navigation.state !== 'idle') return;
      latestWrite.current(typed);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [typed, written, navigating, delayMs, router]);
}
