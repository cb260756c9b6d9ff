import { create } from 'zustand';
import { SUBSCRIPTION_PERMISSION_FALLBACKS, type SubscriptionPermissions } from '@backbeat/common';
import { errorMessage } from './api-error.ts';
import { http } from './http.ts';

const LOAD_FAILED = 'Failed to load subscription permissions';

interface SubscriptionPermissionsState {
  /** Null until loaded, and again after a reset. */
  permissions: SubscriptionPermissions | null;
  canPlayAudio: boolean | null;
  canPlayVideo: boolean | null;
  /** Spec §8: the server's message, or "Failed to load subscription permissions". */
  error: string | null;
  reset(): void;
}

const EMPTY = { permissions: null, canPlayAudio: null, canPlayVideo: null, error: null };

export const useSubscriptionPermissions = create<SubscriptionPermissionsState>((set) => ({
  ...EMPTY,
  reset: () => set(EMPTY),
}));

/** The GET calls this store makes; tests hand in their own. */
export type JsonGetter = <T>(path: string) => Promise<T>;

let generation = 0;

/**
 * Spec §4/§7: loads `subscription/permissions`, `can-play-audio` and `can-play-video` (at app
 * start, and again after a login or logout resets them). Failures follow §8 and §9: the
 * permissions keep the error and fall back to audio off, video off, ads on at the end, plan
 * Free; a failed audio or video check means not allowed.
 */
export async function loadSubscriptionPermissions(
  get: JsonGetter = (path) => http.get(path),
): Promise<void> {
  const run = ++generation;
  const [permissions, audio, video] = await Promise.allSettled([
    get<{ permissions: SubscriptionPermissions }>('subscription/permissions'),
    get<{ can_play: boolean }>('subscription/can-play-audio'),
    get<{ can_play: boolean }>('subscription/can-play-video'),
  ]);
  // A reset (login, logout) started a newer load: this answer is about someone else.
  if (run !== generation) return;
  const failure = permissions.status === 'rejected' ? permissions.reason : null;
  useSubscriptionPermissions.setState({
    permissions:
      permissions.status === 'fulfilled'
        ? permissions.value.permissions
        : { ...SUBSCRIPTION_PERMISSION_FALLBACKS },
    error: failure ? loadFailure(failure) : null,
    canPlayAudio: audio.status === 'fulfilled' && audio.value.can_play === true,
    canPlayVideo: video.status === 'fulfilled' && video.value.can_play === true,
  });
}

function loadFailure(reason: unknown): string {
  const message = errorMessage(reason);
  return message === errorMessage(null) ? LOAD_FAILED : message;
}

/** Clears what was loaded (spec §4 "a reset clears them") and forgets loads in flight. */
export function resetSubscriptionPermissions(): void {
  generation++;
  useSubscriptionPermissions.getState().reset();
}

/**
 * Whether this listener may play audio: the loaded check, or while it is still on its way,
 * the same answer the page was served with.
 */
export function canPlayAudio(served: SubscriptionPermissions): boolean {
  return useSubscriptionPermissions.getState().canPlayAudio ?? served.can_play_audio;
}
