import { player, usePlayerStore } from '../../entities/player/player-store.ts';

/**
 * Each player action defined once (Excalidraw's pattern): the shortcut handler and the help
 * dialog are built from this list.
 */
export interface PlayerAction {
  id: string;
  label: string;
  /** `KeyboardEvent.key` values, lowercase for letters; `shift+` prefix when needed. */
  keys: string[];
  /** Shown in the help dialog. */
  display: string[];
  perform: () => void;
}

const SEEK_STEP_S = 5;
const VOLUME_STEP = 0.1;
const state = usePlayerStore.getState;

export function playerActions(extra: {
  openHelp: () => void;
  openLyrics: () => void;
}): PlayerAction[] {
  return [
    {
      id: 'toggle',
      label: 'Play or pause',
      keys: [' ', 'k'],
      display: ['Space', 'K'],
      perform: player.toggle,
    },
    {
      id: 'next',
      label: 'Next track',
      keys: ['shift+n', 'shift+arrowright'],
      display: ['Shift + N', 'Shift + →'],
      perform: player.next,
    },
    {
      id: 'previous',
      label: 'Previous track',
      keys: ['shift+p', 'shift+arrowleft'],
      display: ['Shift + P', 'Shift + ←'],
      perform: player.previous,
    },
    {
      id: 'forward',
      label: 'Seek forward 5 seconds',
      keys: ['arrowright', 'l'],
      display: ['→'],
      perform: () => player.seek(state().position + SEEK_STEP_S),
    },
    {
      id: 'back',
      label: 'Seek back 5 seconds',
      keys: ['arrowleft', 'j'],
      display: ['←'],
      perform: () => player.seek(state().position - SEEK_STEP_S),
    },
    {
      id: 'volumeUp',
      label: 'Volume up',
      keys: ['arrowup'],
      display: ['↑'],
      perform: () => player.setVolume(state().volume + VOLUME_STEP),
    },
    {
      id: 'volumeDown',
      label: 'Volume down',
      keys: ['arrowdown'],
      display: ['↓'],
      perform: () => player.setVolume(state().volume - VOLUME_STEP),
    },
    {
      id: 'mute',
      label: 'Mute or unmute',
      keys: ['m'],
      display: ['M'],
      perform: player.toggleMute,
    },
    {
      id: 'shuffle',
      label: 'Shuffle on or off',
      keys: ['s'],
      display: ['S'],
      perform: player.toggleShuffle,
    },
    {
      id: 'repeat',
      label: 'Repeat off, all or one',
      keys: ['r'],
      display: ['R'],
      perform: player.cycleRepeat,
    },
    {
      id: 'queue',
      label: 'Show or hide the queue',
      keys: ['q'],
      display: ['Q'],
      perform: player.toggleQueue,
    },
    {
      id: 'lyrics',
      label: 'Open the lyrics',
      keys: ['y'],
      display: ['Y'],
      perform: extra.openLyrics,
    },
    {
      id: 'help',
      label: 'Show keyboard shortcuts',
      keys: ['?', 'shift+?'],
      display: ['?'],
      perform: extra.openHelp,
    },
  ];
}

/** Keys typed into a field, or arrows on a slider, belong to that control. */
function belongsToControl(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
    return true;
  if (
    event.key === ' ' &&
    (target.tagName === 'BUTTON' ||
      target.tagName === 'A' ||
      target.getAttribute('role')?.includes('button'))
  )
    return true;
  // Menus, lists, sliders, dialogs and drag handles (arrows move the item) own their keys.
  if (
    target.closest(
      '[role="menu"],[role="listbox"],[role="slider"],dialog,[aria-roledescription="sortable"]',
    )
  ) {
    return true;
  }
  return false;
}

export function shortcutKey(event: KeyboardEvent): string | null {
  if (event.ctrlKey || event.metaKey || event.altKey || belongsToControl(event)) return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key.toLowerCase();
  return event.shiftKey && key !== '?' ? `shift+${key}` : key;
}
