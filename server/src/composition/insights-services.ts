import type { UserSummary } from '@backbeat/common';
import type { DatabaseHandle } from '../db/database.ts';
import { createInsightSubjects } from '../modules/catalog/insight-subjects.ts';
import { createInsightsRepository } from '../modules/insights/repository.ts';
import { createRollupService } from '../modules/insights/rollup-service.ts';
import { createInsightsService } from '../modules/insights/service.ts';
import { describeClient, type PlaysService } from '../modules/plays/service.ts';

/**
 * Insights and the admin dashboard (issues 11 and 12): the rollup job and the reads, given the
 * plays, the catalog's subjects and the counts of new users and uploads.
 */
export function createInsightsServices(
  database: DatabaseHandle,
  deps: {
    plays: Pick<PlaysService, 'after' | 'firstIdSince'>;
    userSummary(id: number): Promise<UserSummary | null>;
    newUsersPerDay(from: string, to: string): Promise<{ day: string; count: number }[]>;
    uploadsPerDay(from: string, to: string): Promise<{ day: string; count: number }[]>;
    countryOf(ip: string): Promise<string | null>;
    /** Who may see an artist's insights besides admins (backstage's artist membership). */
    canManageArtist?(userId: number, artistId: number): Promise<boolean>;
  },
) {
  const repository = createInsightsRepository(database.db, database.dialect);
  const subjects = createInsightSubjects(database.db, database.dialect);
  const rollup = createRollupService({
    repository,
    plays: deps.plays,
    scopesOfTracks: (ids) => subjects.scopesOfTracks(ids),
  });
  const insights = createInsightsService({
    repository,
    plays: deps.plays,
    subjects,
    // The artist's owner, or whoever backstage's membership says manages it.
    canManageArtist: async (userId, artistId) =>
      (await subjects.ownsArtist(userId, artistId)) ||
      !!(await deps.canManageArtist?.(userId, artistId)),
    userSummaries: async (ids) =>
      (await Promise.all(ids.map((id) => deps.userSummary(id)))).filter(
        (user): user is UserSummary => user !== null,
      ),
    newUsersPerDay: deps.newUsersPerDay,
    uploadsPerDay: deps.uploadsPerDay,
    countryOf: deps.countryOf,
    describeClient,
  });
  return { insights, insightsRollup: rollup };
}
