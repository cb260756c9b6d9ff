import { APPEARANCE_EDITOR_PARAM } from '@backbeat/common';

/** The site is framed by the appearance editor (spec 1 §4). */
export function isAppearancePreview(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.parent !== window &&
    new URLSearchParams(window.location.search).get(APPEARANCE_EDITOR_PARAM) === 'true'
  );
}

/**
 * Inside the editor's frame: loads the preview's message handling (which validates the
 * editor's messages with zod, kept out of every other visit's first download) and starts it.
 * Returns a stop function.
 */
export function startAppearancePreview(): () => void {
  if (!isAppearancePreview()) return () => {};
  let stop: (() => void) | null = null;
  let stopped = false;
  void import('./preview-session.ts').then(({ listenToAppearanceEditor }) => {
    if (!stopped) stop = listenToAppearanceEditor();
  });
  return () => {
    stopped = true;
    stop?.();
  };
}
