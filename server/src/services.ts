import { resolve } from 'node:path';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { FileLogs } from './logging/file-logs.ts';
import { cached } from './lib/cache.ts';
import { createCipher } from './lib/crypto.ts';
import { createMailer } from './mail/mailer.ts';
import { createAccessTokensRepository } from './modules/access-tokens/repository.ts';
import { createAccessTokensService } from './modules/access-tokens/service.ts';
import { createAuthRepository } from './modules/auth/repository.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createEmailVerificationRepository } from './modules/email-verification/repository.ts';
import { createEmailVerificationService } from './modules/email-verification/service.ts';
import { createFileEntriesRepository } from './modules/file-entries/repository.ts';
import { createFileEntriesService } from './modules/file-entries/service.ts';
import { createJobQueue } from './jobs/queue.ts';
import { presentBackup } from './modules/backups/present.ts';
import { createBackupsService } from './modules/backups/service.ts';
import { createOperationsService } from './modules/operations/service.ts';
import { createMediaService } from './modules/media/service.ts';
import { createLibraryFoldersRepository } from './modules/library-folders/repository.ts';
import { createLibraryFoldersService } from './modules/library-folders/service.ts';
import { createDirectUploadsService } from './modules/uploads/direct-service.ts';
import { createPendingUploadsRepository } from './modules/uploads/pending-repository.ts';
import { createTusUploads } from './modules/uploads/tus.ts';
import { createGeoLookup } from './modules/sessions/geo-lookup.ts';
import { createSocialProfilesRepository } from './modules/social-auth/repository.ts';
import { createTwoFactorService } from './modules/two-factor/service.ts';
import { createBootstrapService } from './modules/bootstrap/service.ts';
import { createViewerCache } from './modules/bootstrap/viewer-cache.ts';
import { createDemoAccounts } from './modules/users/demo-account.ts';
import { createMusicServices } from './composition/music-services.ts';
import { createBackstageServices } from './composition/backstage-services.ts';
import { presentFileEntry } from './modules/file-entries/service.ts';
import { createInsightsServices } from './composition/insights-services.ts';
import { createBillingServices } from './composition/billing-services.ts';
import { createSeoServices } from './composition/seo-services.ts';
import { createSubsonicServices } from './composition/subsonic-services.ts';
import { createCommentsRepository } from './modules/library/comments-repository.ts';
import { createCommentsService } from './modules/library/comments-service.ts';
import { createFollowsRepository } from './modules/library/follows-repository.ts';
import { createFollowsService } from './modules/library/follows-service.ts';
import { createRepostsRepository } from './modules/library/reposts-repository.ts';
import { createRepostsService } from './modules/library/reposts-service.ts';
import { createLocalizationsRepository } from './modules/localizations/repository.ts';
import { createLocalizationsService } from './modules/localizations/service.ts';
import { createContactService } from './modules/contact/service.ts';
import { createCustomPagesRepository } from './modules/custom-pages/repository.ts';
import { createCustomPagesService } from './modules/custom-pages/service.ts';
import { createSettingsAdmin } from './modules/settings/admin-service.ts';
import { settingsEnvironment } from './modules/settings/environment.ts';
import { createNotificationsRepository } from './modules/notifications/repository.ts';
import { createNotificationAndWorkspaceServices } from './composition/collaboration-services.ts';
import { createProfilesRepository } from './modules/profiles/repository.ts';
import { createProfilesService } from './modules/profiles/service.ts';
import { createRolesRepository } from './modules/roles/repository.ts';
import { createGrantGuard } from './modules/roles/grant-guard.ts';
import { createUserAdmin } from './modules/users/user-admin.ts';
import { createUsersAdminRepository } from './modules/users/admin-repository.ts';
import { createSessionsRepository } from './modules/sessions/repository.ts';
import { createSettingsService } from './modules/settings/service.ts';
import { createSiteAddress } from './modules/settings/site-address.ts';
import { createThemesRepository } from './modules/themes/repository.ts';
import { createAppearanceService } from './modules/appearance/service.ts';
import { createUsersRepository } from './modules/users/repository.ts';
import { createUsersService } from './modules/users/service.ts';
import { createTranscodingServices } from './composition/transcoding-services.ts';

/** Wires each service with only what it uses (DESIGN §8: no god container inside services). */
export function createServices(config: Config, database: DatabaseHandle, fileLogs: FileLogs) {
  const { db } = database;
  const settings = createSettingsService(db);
  const siteAddress = createSiteAddress({
    appUrl: config.appUrl,
    settings,
    onPinned: (address, by) =>
      console.info(
        by === 'admin'
          ? `Links in emails will point to ${address}, where an admin opened the site. Change it in Admin > Settings > General, or set APP_URL.`
          : `Links in emails will point to ${address}, the address of the first visit, until an admin opens the site. Set APP_URL to choose it.`,
      ),
  });
  const roles = createRolesRepository(db);
  const themes = createThemesRepository(db);
  const localizations = createLocalizationsRepository(db);
  const sessions = createSessionsRepository(db);
  const socialProfilesRepository = createSocialProfilesRepository(db);
  const socialProfiles: typeof socialProfilesRepository = {
    ...socialProfilesRepository,
    // Linking a provider account takes it from whoever had it before: every viewer re-reads.
    async link(userId, profile) {
      await socialProfilesRepository.link(userId, profile);
      viewers.changed('all');
    },
    async unlink(userId, service) {
      await socialProfilesRepository.unlink(userId, service);
      viewers.changed(userId);
    },
  };
  const notificationsRepository = createNotificationsRepository(db, database.dialect);
  const users = createUsersService({
    users: createUsersRepository(db),
    roles,
    socialProfiles,
    unreadNotifications: (userId) => notificationsRepository.unreadCount(userId),
    billingGrants: (userId) => billing.billing.grantsOf(userId),
    deleteWithLikes: (userId, remove) => music.library.deleteWithLikes(userId, remove),
  });
  const billing = createBillingServices(config, database, {
    settings,
    forgetUser: (userId) => users.forgetGrants(userId),
    onError: (error, context) => {
      const err = error instanceof Error ? error : new Error(String(error));
      void fileLogs
        .write('error', { level: 'error', context, message: err.message, stack: err.stack })
        .catch(() => {});
    },
  });
  /** Read on every guest request to check permissions; changes rarely. */
  const guestRole = cached(() => roles.guestRole(), 10_000);
  const viewers = createViewerCache(async (user) => {
    const [completed, workspaces] = await Promise.all([
      users.complete(user),
      collaboration.workspaces.bootstrapList(user.id),
    ]);
    return {
      social_profiles: completed.social_profiles,
      unread_notifications_count: completed.unread_notifications_count,
      workspaces,
    };
  });
  const bootstrap = createBootstrapService({
    settings,
    storageDriver: config.storage.driver,
    themes,
    guestRole,
    localizations,
    workspacesOf: (userId) => collaboration.workspaces.bootstrapList(userId),
    demoCredentials: createDemoAccounts({ settings, users }).credentials,
    planOf: (user) => billing.billing.planOf(user),
  });
  const mailer = createMailer(settings, fileLogs);
  const cipher = createCipher(config.appKey);
  const auth = createAuthService({
    users,
    repository: createAuthRepository(db),
    sessions,
    settings,
    mailer,
    siteAddress,
    isOpenInvite: (inviteId, email) => collaboration.workspaces.isOpenInvite(inviteId, email),
  });
  const collaboration = createNotificationAndWorkspaceServices(config, database, {
    repository: notificationsRepository,
    users,
    mailer,
    settings,
    siteAddress,
    fileLogs,
    beforeWorkspaceDelete: (workspaceId) => music.playlists.deleteInWorkspace(workspaceId),
    viewerChanged: (userId) => viewers.changed(userId),
  });
  // The other instances forget a viewer's extras too (Redis when configured; the bus closes
  // with the realtime hub).
  const VIEWERS_TOPIC = 'bootstrap-viewers';
  viewers.onChange(
    (change) => void collaboration.realtime.broadcast(VIEWERS_TOPIC, String(change)),
  );
  collaboration.realtime
    .listen(VIEWERS_TOPIC, (message) => viewers.forget(message === 'all' ? 'all' : Number(message)))
    .catch((error: unknown) => void fileLogs.write('error', { message: String(error) }));
  const emailVerification = createEmailVerificationService({
    repository: createEmailVerificationRepository(db),
    users,
    mailer,
    settings,
    appKey: config.appKey,
  });
  const twoFactor = createTwoFactorService({ users, cipher, settings });
  const accessTokens = createAccessTokensService(createAccessTokensRepository(db), (userId) =>
    users.signInRevoked(userId),
  );
  const geo = createGeoLookup();
  const libraryFoldersRepository = createLibraryFoldersRepository(db);
  const music = createMusicServices(config, database, {
    locateLibraryFile: async (fileId) => (await libraryFoldersRepository.locate(fileId)) ?? null,
    // Library folders are composed below; only called per request.
    waveformOnDemand: (trackId) => libraryFolders.waveformOf(trackId),
    countryOf: async (ip) => (await geo.lookup(ip)).country,
    notifications: collaboration.notifications,
    userSummary: async (id) => {
      const user = await users.publicProfile(id);
      return user && { id: user.id, name: user.name, image: user.image };
    },
    listenedChanged: (before, after) => insights.insightsRollup.playLengthChanged(before, after),
  });
  const jobs = createJobQueue({
    redisUrl: config.redisUrl,
    concurrency: config.jobConcurrency,
    prefix: config.jobQueuePrefix,
    lockMs: config.jobLockMs,
    onError: (message, error) => void fileLogs.write('error', { message, error: String(error) }),
  });
  const fileEntries = createFileEntriesService({
    repository: createFileEntriesRepository(db, database.dialect),
    storage: music.storage,
    settings,
    disk: config.storage.driver,
    processAudio: (entryId) => media.queue(entryId),
    log: (message, error) => void fileLogs.write('error', { message, error: String(error) }),
  });
  const media = createMediaService({
    entries: fileEntries,
    storage: music.storage,
    jobs,
    log: (message, error) => void fileLogs.write('error', { message, error: String(error) }),
  });
  const insights = createInsightsServices(database, {
    plays: music.plays,
    userSummary: async (id) => {
      const user = await users.publicProfile(id);
      return user && { id: user.id, name: user.name, image: user.image };
    },
    newUsersPerDay: (from, to) => users.newUsersPerDay(from, to),
    uploadsPerDay: (from, to) => fileEntries.uploadsPerDay(from, to),
    countryOf: async (ip) => (await geo.lookup(ip)).country,
    // Backstage's artist membership (created below; only called per request).
    canManageArtist: async (userId, artistId) => {
      const user = await users.findById(userId);
      return !!user && backstage.musicPolicy.canManageArtist(user, artistId);
    },
  });
  const tus = createTusUploads(config, {
    storage: music.storage,
    maxSize: () => settings.get('uploads.max_size'),
  });
  const directUploads = createDirectUploadsService({
    storage: music.storage,
    settings,
    fileEntries,
    pending: createPendingUploadsRepository(db),
  });
  const follows = createFollowsService({
    repository: createFollowsRepository(db),
    userSummary: (id) => users.publicProfile(id),
    artistExists: (id) => music.catalog.artistExists(id),
    playlistVisible: async (id, userId) =>
      (await music.playlists.many([id], { userId })).length > 0,
    notifications: collaboration.notifications,
  });
  const library = music.library;
  const reposts = createRepostsService({
    repository: createRepostsRepository(db),
    catalog: music.catalog,
    userExists: async (id) => !!(await users.publicProfile(id)),
  });
  const comments = createCommentsService({
    repository: createCommentsRepository(db),
    catalog: music.catalog,
    enabled: () => settings.get('player.track_comments'),
    notifications: collaboration.notifications,
  });
  const searchIndex = music.searchIndex;
  const backstage = createBackstageServices(db, {
    storage: music.storage,
    users,
    fileEntry: async (user, id) => {
      try {
        return presentFileEntry(await fileEntries.visibleEntry(user, id));
      } catch {
        return null;
      }
    },
    purgeFiles: (ids) => fileEntries.purge(ids),
    failedAudio: (ids) => fileEntries.failedAmong(ids),
    forgetLikes: (type, ids) => library.forgetItems(type, ids),
    forgetReposts: (type, ids) => reposts.forgetItems(type, ids),
    forgetComments: (ids) => comments.forgetTracks(ids),
    search: {
      upsert: (documents) => searchIndex.upsert(documents),
      remove: (kind, ids) => searchIndex.remove(kind, ids),
    },
    followerIds: (artistId) => follows.artistFollowerIds(artistId),
    notifications: collaboration.notifications,
    afterChange: () => music.catalogResponses.clear(),
    repository: music.catalogWrites,
  });
  const backups = createBackupsService({ db, config });
  const libraryFolders = createLibraryFoldersService({
    repository: libraryFoldersRepository,
    catalog: backstage.libraryCatalog,
    storage: music.storage,
    jobs,
    batch: database.batch,
    log: (message, error) => void fileLogs.write('error', { message, error: String(error) }),
  });
  const profiles = createProfilesService({
    repository: createProfilesRepository(db),
    catalog: music.catalog,
    storage: music.storage,
    userSummary: (id) => users.publicProfile(id),
  });
  const grants = createGrantGuard(roles);
  const usersAdminRepository = createUsersAdminRepository(db);
  const userAdmin = createUserAdmin({
    users,
    roles,
    grants,
    sessions,
    ownedBy: [
      (id) => profiles.removeHeaderImage(id),
      (id) => collaboration.workspaces.deleteOwnedBy(id),
      (id) => music.playlists.deleteOwnedBy(id),
    ],
    deleteOwnGrants: (id) => usersAdminRepository.deleteOwnGrants(id),
  });
  const subsonic = createSubsonicServices(database, {
    music,
    cipher,
    accessTokens,
    users,
    userAdmin,
    libraryFolders,
    siteAddress,
  });
  const transcoding = createTranscodingServices(config, database, {
    storage: music.storage,
    settings,
    log: (message, error) => void fileLogs.write('error', { message, error: String(error) }),
  });
  const settingsAdmin = createSettingsAdmin({
    settings,
    mailer,
    environment: settingsEnvironment(config, {
      dialect: database.dialect,
      logDirectory: fileLogs.directory,
    }),
  });
  return {
    config,
    database,
    ...subsonic,
    ...transcoding,
    settingsAdmin,
    appearance: createAppearanceService({ settings, themes }),
    localizationsAdmin: createLocalizationsService(localizations),
    customPages: createCustomPagesService(createCustomPagesRepository(db)),
    contact: createContactService({
      settings,
      mailer,
      recaptcha: { settings, config },
    }),
    fileEntries,
    jobs,
    media,
    backups,
    operations: createOperationsService({
      projectRoot: resolve(import.meta.dirname, '../..'),
      db,
      config,
      jobs,
      storedTotal: () => fileEntries.storedTotal(),
      libraryFolders: () => libraryFolders.list(),
      libraryAnalysis: () => libraryFolders.analysisProgress(),
      mail: () => mailer.check(),
      lastBackup: async () => {
        const row = await backups.latest();
        return row ? presentBackup(row) : null;
      },
    }),
    libraryFolders,
    tus,
    directUploads,
    fileLogs,
    settings,
    siteAddress,
    roles,
    grants,
    userAdmin,
    guestRole,
    themes,
    localizations,
    sessions,
    users,
    bootstrap,
    viewers,
    auth,
    mailer,
    emailVerification,
    twoFactor,
    accessTokens,
    socialProfiles,
    geo,
    ...collaboration,
    ...music,
    ...backstage,
    ...insights,
    ...billing,
    follows,
    reposts,
    profiles,
    seo: createSeoServices(db, {
      settings,
      catalog: music.catalog,
      playlists: music.playlists,
      channels: music.channels,
      profiles,
    }),
    comments,
  };
}

export type Services = ReturnType<typeof createServices>;

/**
 * Closes what the services hold open (timers, SMTP, sockets, Redis connections), so a process
 * that made them can end: the server on shutdown and every command (`npm run admin`,
 * `npm run import`). One list for all of them: a command that missed one (the tus locks'
 * Redis connection) never exited on a site with REDIS_URL set. Running jobs get `jobsGraceMs`
 * to finish (the queue's default when not given).
 */
export async function closeServices(services: Services, jobsGraceMs?: number): Promise<void> {
  services.geo.stop();
  services.mailer.close();
  await services.realtime.close();
  await services.tus.close();
  await services.demoRenderer.close();
  // Running jobs (media processing) finish first, within a bound; queued ones wait in Redis
  // for another instance, or are lost with the in-process queue.
  await services.jobs.close(jobsGraceMs);
}

/** Routes reach the services through the app (app.ts decorates it with them). */
declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
