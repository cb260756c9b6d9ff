import { APPEARANCE_EDITOR_PARAM } from '@backbeat/common';

/** The page the appearance editor frames: the home page, flagged (spec 1 §4). */
export const APPEARANCE_PREVIEW_PATH = '/';
export const APPEARANCE_PREVIEW_URL = `${APPEARANCE_PREVIEW_PATH}?${APPEARANCE_EDITOR_PARAM}=true`;
/** Where the editor lives; its frame is the only place the preview listens. */
const APPEARANCE_EDITOR_PATH = '/admin/appearance';

/** The site is framed by the appearance editor (spec 1 §4). */
export function isAppearancePreview(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.parent !== window &&
    new URLSearchParams(window.location.search).get(APPEARANCE_EDITOR_PARAM) === 'true'
  );
}

/**
 * The page was loaded as the editor's preview: the preview URL, framed by the editor page of
 * this very origin. Embeds (framed by any site) and every other route never qualify, even
 * with the flag in their address, so nothing outside the editor can drive the page.
 */
function isEditorPreviewFrame(): boolean {
  if (!isAppearancePreview() || window.location.pathname !== APPEARANCE_PREVIEW_PATH) {
    return false;
  }
  try {
    // Reading a cross-origin parent's location throws: only a same-origin editor passes.
    const parent = window.parent.location;
    return (
      parent.origin === window.location.origin &&
      (parent.pathname === APPEARANCE_EDITOR_PATH ||
        parent.pathname.startsWith(`${APPEARANCE_EDITOR_PATH}/`))
    );
  } catch {
    return false;
  }
}

/**
 * Inside the editor's frame: loads the preview's message handling (which validates the
 * editor's messages with zod, kept out of every other visit's first download) and starts it.
 * Returns a stop function.
 */
export function startAppearancePreview(): () => void {
  if (!isEditorPreviewFrame()) return () => {};
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
