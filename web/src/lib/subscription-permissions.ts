import { create } from 'zustand';
import { SUBSCRIPTION_PERMISSION_FALLBACKS, type SubscriptionPermissions } from '@backbeat/common';
import type { EndpointAnswer } from '@backbeat/common/contract';
import {
  canPlayAudio as canPlayAudioEndpoint,
  canPlayVideo as canPlayVideoEndpoint,
  getSubscriptionPermissions,
} from '@backbeat/common/contracts';
import { api } from './api.ts';
import { errorMessage } from './api-error.ts';

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

type SubscriptionCheck =
  typeof getSubscriptionPermissions | typeof canPlayAudioEndpoint | typeof canPlayVideoEndpoint;

/** The contract calls this store makes; tests hand in their own. */
export type CheckGetter = <E extends SubscriptionCheck>(contract: E) => Promise<EndpointAnswer<E>>;

// All three take no input; TypeScript cannot see that through the generic, hence the cast.
const fromServer = ((contract: SubscriptionCheck) =>
  api(contract as typeof getSubscriptionPermissions)) as CheckGetter;

let generation = 0;

/**
 * Spec §4/§7: loads `subscription/permissions`, `can-play-audio` and `can-play-video` (at app
 * start, and again after a login or logout resets them). Failures follow §8 and §9: the
 * permissions keep the error and fall back to audio off, video off, ads on at the end, plan
 * Free; a failed audio or video check means not allowed.
 */
export async function loadSubscriptionPermissions(get: CheckGetter = fromServer): Promise<void> {
  const run = ++generation;
  const [permissions, audio, video] = await Promise.allSettled([
    get(getSubscriptionPermissions),
    get(canPlayAudioEndpoint),
    get(canPlayVideoEndpoint),
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
