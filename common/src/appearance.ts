import type { LandingContent } from './appearance-schemas.ts';

/**
 * The appearance editor's live preview (spec 1 §4): the admin's editor frames the site with
 * `?appearanceEditor=true` and talks to it with these messages. The framed site says it has
 * loaded, then accepts messages only from its parent window, of the site's exact origin.
 */
export const APPEARANCE_EDITOR_PARAM = 'appearanceEditor';
export const APPEARANCE_MESSAGE_SOURCE = 'backbeat-appearance-editor';
export const LOGOUT_IN_APPEARANCE_EDITOR = "Can't logout while in appearance editor.";

export * from './appearance-schemas.ts';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * setValues' merge: objects merge key by key, anything else (arrays included) is replaced,
 * so a reordered menu or a shorter list of themes arrives whole.
 */
export function mergeAppearanceValues<T>(target: T, values: unknown): T {
  if (!isPlainObject(target) || !isPlainObject(values)) return values as T;
  const merged: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(values)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    merged[key] =
      isPlainObject(value) && isPlainObject(merged[key])
        ? mergeAppearanceValues(merged[key], value)
        : value;
  }
  return merged as T;
}

/** The landing page until an admin edits it (and what the demo site shows). */
export const LANDING_DEFAULTS: LandingContent = {
  headline: 'Music for every moment',
  subtitle: 'Listen to artists, albums and radio stations, and build a library that is all yours.',
  background_image: null,
  action_buttons: [
    { label: 'Start listening', action: '/', style: 'primary' },
    { label: 'Create a free account', action: '/register', style: 'outline' },
  ],
  primary_features: [
    {
      icon: 'music',
      title: 'Stream the whole catalog',
      text: 'Artists, albums and playlists, with lyrics that follow along.',
      image: null,
    },
    {
      icon: 'radio',
      title: 'Endless radio',
      text: 'Start a station from any artist, track or genre and let it play.',
      image: null,
    },
    {
      icon: 'queue',
      title: 'Your queue, your way',
      text: 'Play next, reorder by dragging, and pick up where you left off.',
      image: null,
    },
    {
      icon: 'devices',
      title: 'Everywhere you are',
      text: 'On your phone, your laptop and the lock screen, with media keys.',
      image: null,
    },
  ],
  secondary_features: [],
};
