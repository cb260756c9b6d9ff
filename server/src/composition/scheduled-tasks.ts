import type { ScheduledTask } from '../jobs/scheduler.ts';

const HOUR_MS = 3_600_000;
const ROLLUP_EVERY_MS = 15 * 60_000;

/** The housekeeping each instance runs, given the services' prune calls. */
export function scheduledTasks(services: {
  sessions: { deleteExpired(): Promise<number> };
  auth: { pruneLoginFailures(): Promise<number> };
  workspaces: { pruneExpiredInvites(): Promise<number> };
  tus: { server: { cleanUpExpiredUploads(): Promise<number> } };
  directUploads: { pruneAbandoned(): Promise<number> };
  backstageMusic: { releases: { releaseDue(): Promise<number> } };
  insightsRollup: { run(): Promise<{ plays: number; visits: number }> };
}): ScheduledTask[] {
  return [
    {
      name: 'release-scheduled-music',
      everyMs: 60_000,
      async run() {
        // Scheduled releases whose date has come: listed, indexed, followers told.
        return `released ${await services.backstageMusic.releases.releaseDue()} scheduled items`;
      },
    },
    {
      // Folds the plays and visits of closed days into the insights rollups; today's are
      // read live, so charts stay current between runs.
      name: 'roll-up-plays',
      everyMs: ROLLUP_EVERY_MS,
      async run() {
        const { plays, visits } = await services.insightsRollup.run();
        return `folded ${plays} plays and ${visits} visits into the daily rollups`;
      },
    },
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
