import type { Services } from '../services.ts';
import type { ScheduledTask } from './scheduler.ts';

const HOUR_MS = 3_600_000;

export function scheduledTasks(services: Services): ScheduledTask[] {
  return [
    {
      name: 'prune-expired-sessions',
      everyMs: HOUR_MS,
      async run() {
        const removed = await services.sessions.deleteExpired();
        return `removed ${removed} expired sessions`;
      },
    },
    {
      name: 'prune-login-failures',
      everyMs: HOUR_MS,
      async run() {
        return `removed ${await services.auth.pruneLoginFailures()} old login failures`;
      },
    },
    {
      name: 'prune-expired-workspace-invites',
      everyMs: HOUR_MS,
      async run() {
        return `removed ${await services.workspaces.pruneExpiredInvites()} expired workspace invites`;
      },
    },
    {
      name: 'prune-abandoned-uploads',
      everyMs: HOUR_MS,
      async run() {
        // tus uploads and direct S3 uploads nobody finished within 24 hours.
        const tus = await services.tus.server.cleanUpExpiredUploads();
        const direct = await services.directUploads.pruneAbandoned();
        return `removed ${tus} expired tus uploads and ${direct} abandoned direct uploads`;
      },
    },
  ];
}
