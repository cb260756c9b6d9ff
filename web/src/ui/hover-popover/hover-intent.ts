import { HOVER_POPOVER_CLOSE_MS } from '@backbeat/common';

/** How long the pointer rests on a trigger before its popover opens. */
export const HOVER_POPOVER_OPEN_MS = 400;

/**
 * The timing of a hover popover: it opens once the pointer rests on the trigger, and closes
 * HOVER_POPOVER_CLOSE_MS (spec §9: 150 ms) after the pointer leaves both the trigger and the
 * popover, so moving from one to the other across a gap keeps it open.
 */
export function createHoverIntent(
  onChange: (open: boolean) => void,
  timing: { openMs: number; closeMs: number } = {
    openMs: HOVER_POPOVER_OPEN_MS,
    closeMs: HOVER_POPOVER_CLOSE_MS,
  },
) {
  let open = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const set = (next: boolean) => {
    timer = undefined;
    if (open === next) return;
    open = next;
    onChange(next);
  };
  const schedule = (next: boolean, ms: number) => {
    clearTimeout(timer);
    timer = open === next ? undefined : setTimeout(() => set(next), ms);
  };
  return {
    /** The pointer entered the trigger or the popover. */
    enter: () => schedule(true, timing.openMs),
    /** The pointer left the trigger or the popover. */
    leave: () => schedule(false, timing.closeMs),
    /** Keyboard focus or Escape: no waiting. */
    openNow: () => {
      clearTimeout(timer);
      set(true);
    },
    closeNow: () => {
      clearTimeout(timer);
      set(false);
    },
    dispose: () => clearTimeout(timer),
  };
}
