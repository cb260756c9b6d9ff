import { create } from 'zustand';
import {
  APPEARANCE_MESSAGE_SOURCE,
  type AppearanceFont,
  type AppearanceMessage,
} from '@backbeat/common';
import type { AppearanceValues } from '@backbeat/common/admin/appearance';

/*
 * The appearance editor's draft: what the admin has changed since the last save, and the
 * line to the framed site. Every change goes to the frame at once (spec 1 §4 messages, to
 * this origin only, never `*`); nothing reaches the server until "Save".
 */

interface EditorState {
  saved: AppearanceValues | null;
  draft: AppearanceValues | null;
  /** The frame's window once it said it has loaded. */
  frame: Window | null;
  /** Field errors of the last save, keyed like the API's (`settings.landing.headline`). */
  errors: Record<string, string>;
  load(values: AppearanceValues): void;
  change(update: (draft: AppearanceValues) => AppearanceValues): void;
  setErrors(errors: Record<string, string>): void;
  discard(): void;
  connect(frame: Window | null): void;
}

function post(frame: Window | null, message: AppearanceMessage) {
  frame?.postMessage({ source: APPEARANCE_MESSAGE_SOURCE, ...message }, window.location.origin);
}

const fontOf = (values: AppearanceValues): AppearanceFont =>
  values.settings.fonts.family
    ? {
        family: values.settings.fonts.family,
        weights: values.settings.fonts.weights,
        ...(values.settings.fonts.provider_url
          ? { provider_url: values.settings.fonts.provider_url }
          : {}),
      }
    : null;

/** Everything the frame shows, sent whole (a reloaded frame or "Discard" start from it). */
function sendAll(frame: Window | null, values: AppearanceValues) {
  post(frame, { type: 'setValues', values: { settings: values.settings, themes: values.themes } });
  post(frame, { type: 'setThemeFont', font: fontOf(values) });
  post(frame, { type: 'setCustomCode', kind: 'css', content: values.settings.custom_code.css });
  post(frame, { type: 'setCustomCode', kind: 'html', content: values.settings.custom_code.html });
}

/** Sends only what changed between two drafts, with the message that fits it best. */
function sendChanges(frame: Window | null, before: AppearanceValues, after: AppearanceValues) {
  const { settings: a } = before;
  const { settings: b } = after;
  if (a.custom_code.css !== b.custom_code.css) {
    post(frame, { type: 'setCustomCode', kind: 'css', content: b.custom_code.css });
  }
  if (a.custom_code.html !== b.custom_code.html) {
    post(frame, { type: 'setCustomCode', kind: 'html', content: b.custom_code.html });
  }
  if (JSON.stringify(a.fonts) !== JSON.stringify(b.fonts)) {
    post(frame, { type: 'setThemeFont', font: fontOf(after) });
  }
  post(frame, { type: 'setValues', values: { settings: b, themes: after.themes } });
}

export const useAppearanceEditor = create<EditorState>((set, get) => ({
  saved: null,
  draft: null,
  frame: null,
  errors: {},
  load(values) {
    set({ saved: values, draft: values, errors: {} });
    sendAll(get().frame, values);
  },
  change(update) {
    const { draft, frame } = get();
    if (!draft) return;
    const next = update(draft);
    set({ draft: next });
    sendChanges(frame, draft, next);
  },
  setErrors(errors) {
    set({ errors });
  },
  discard() {
    const { saved, frame } = get();
    if (!saved) return;
    set({ draft: saved, errors: {} });
    sendAll(frame, saved);
  },
  connect(frame) {
    set({ frame });
    const { draft } = get();
    if (frame && draft) sendAll(frame, draft);
  },
}));

/** A theme colour or length, straight to the frame while the admin drags the picker. */
export function previewThemeValue(name: string, value: string) {
  post(useAppearanceEditor.getState().frame, { type: 'setThemeValue', name, value });
}

/** Which theme the frame shows while one is being edited. */
export function previewTheme(themeId: number) {
  post(useAppearanceEditor.getState().frame, { type: 'setActiveTheme', themeId });
}

export const isDirty = (state: Pick<EditorState, 'saved' | 'draft'>) =>
  !!state.saved && !!state.draft && JSON.stringify(state.saved) !== JSON.stringify(state.draft);
