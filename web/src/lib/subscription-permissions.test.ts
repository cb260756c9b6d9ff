import { afterEach, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_PERMISSION_FALLBACKS } from '@backbeat/common';
import { ApiError } from './api-error.ts';
import {
  canPlayAudio,
  loadSubscriptionPermissions,
  resetSubscriptionPermissions,
  useSubscriptionPermissions,
  type CheckGetter,
} from './subscription-permissions.ts';

const PLAN = {
  can_play_audio: true,
  can_play_video: false,
  ads_enabled: false,
  ad_position: 'start',
  current_plan: 'Pro',
  has_subscription: true,
};

/** Answers like the server, except for the paths told to fail. */
function server(failing: Record<string, unknown> = {}): { get: CheckGetter; asked: string[] } {
  const asked: string[] = [];
  const answers: Record<string, unknown> = {
    'subscription/permissions': { permissions: PLAN },
    'subscription/can-play-audio': { can_play: true },
    'subscription/can-play-video': { can_play: true },
  };
  const get = (async ({ path: contractPath }: { path: string }) => {
    const path = contractPath.replace('/api/v1/', '');
    asked.push(path);
    if (path in failing) throw failing[path];
    return answers[path];
  }) as CheckGetter;
  return { get, asked };
}

afterEach(() => resetSubscriptionPermissions());

describe('subscription permissions', () => {
  it('loads the permissions and both playback checks from the server', async () => {
    const { get, asked } = server();
    await loadSubscriptionPermissions(get);
    expect(asked.sort()).toEqual([
      'subscription/can-play-audio',
      'subscription/can-play-video',
      'subscription/permissions',
    ]);
    const state = useSubscriptionPermissions.getState();
    expect(state).toMatchObject({ permissions: PLAN, canPlayAudio: true, canPlayVideo: true });
    expect(state.error).toBeNull();
  });

  it('treats a failed audio or video check as not allowed, whatever was served', async () => {
    const { get } = server({
      'subscription/can-play-audio': new TypeError('Failed to fetch'),
      'subscription/can-play-video': new ApiError(500, {}),
    });
    await loadSubscriptionPermissions(get);
    expect(useSubscriptionPermissions.getState()).toMatchObject({
      canPlayAudio: false,
      canPlayVideo: false,
    });
    expect(canPlayAudio({ ...PLAN, can_play_audio: true })).toBe(false);
  });

  it('keeps the error and falls back to the spec defaults when the permissions fail', async () => {
    await loadSubscriptionPermissions(
      server({ 'subscription/permissions': new TypeError('Failed to fetch') }).get,
    );
    expect(useSubscriptionPermissions.getState()).toMatchObject({
      error: 'Failed to load subscription permissions',
      permissions: {
        can_play_audio: false,
        can_play_video: false,
        ads_enabled: true,
        ad_position: 'end',
        current_plan: 'Free',
      },
    });

    await loadSubscriptionPermissions(
      server({ 'subscription/permissions': new ApiError(403, { message: 'Suspended plan' }) }).get,
    );
    expect(useSubscriptionPermissions.getState().error).toBe('Suspended plan');
    expect(useSubscriptionPermissions.getState().permissions).toEqual(
      SUBSCRIPTION_PERMISSION_FALLBACKS,
    );
  });

  it('clears everything on a reset and ignores an answer that arrives after it', async () => {
    await loadSubscriptionPermissions(server().get);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: CheckGetter = async (contract) => {
      await gate;
      return server().get(contract);
    };
    const pending = loadSubscriptionPermissions(slow);
    resetSubscriptionPermissions();
    expect(useSubscriptionPermissions.getState()).toMatchObject({
      permissions: null,
      canPlayAudio: null,
      canPlayVideo: null,
      error: null,
    });
    // Before the checks come back, playback follows what the page was served with.
    expect(canPlayAudio({ ...PLAN, can_play_audio: true })).toBe(true);
    release();
    await pending;
    expect(useSubscriptionPermissions.getState().permissions).toBeNull();
  });
});
