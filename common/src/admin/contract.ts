import {
  albumsResource,
  artistsResource,
  channelsResource,
  commentsResource,
  lyricsResource,
  playlistsResource,
  tracksResource,
} from './content.ts';
import { filesResource } from './files.ts';
import { rolesResource, usersResource } from './people.ts';
import { genresResource, tagsResource } from './taxonomy.ts';
import { internetRadioStationsResource } from './internet-radio.ts';
import { transcodingLimitsResource, transcodingProfilesResource } from './transcoding.ts';
import { customPagesResource, localizationsResource } from './site.ts';

export {
  banAdminUser,
  deleteAdminUserToken,
  disableAdminUserTwoFactor,
  listAdminUserSessions,
  listAdminUserTokens,
  logoutAdminUser,
  revokeAdminUserSession,
  sendAdminUserPasswordReset,
  unbanAdminUser,
} from './people.ts';
export { getAdminStorageUsage, listFailedMediaJobs, retryMediaJob } from './files.ts';
export { getAdminAppearance, updateAdminAppearance } from './appearance.ts';
export { createBackup, listBackups } from './backups.ts';
export { getOperationsStatus } from './operations.ts';

/** The admin resources' endpoints, one export per contract served (as contracts.ts lists them). */
export const {
  list: listAdminGenres,
  show: getAdminGenre,
  create: createAdminGenre,
  update: updateAdminGenre,
  deleteMany: deleteAdminGenres,
  impact: adminGenresDeleteImpact,
} = genresResource;

export const {
  list: listAdminTags,
  show: getAdminTag,
  create: createAdminTag,
  update: updateAdminTag,
  deleteMany: deleteAdminTags,
  impact: adminTagsDeleteImpact,
} = tagsResource;

export const {
  list: listAdminUsers,
  show: getAdminUser,
  create: createAdminUser,
  update: updateAdminUser,
  deleteMany: deleteAdminUsers,
  impact: adminUsersDeleteImpact,
} = usersResource;

export const {
  list: listAdminRoles,
  show: getAdminRole,
  create: createAdminRole,
  update: updateAdminRole,
  deleteMany: deleteAdminRoles,
  impact: adminRolesDeleteImpact,
} = rolesResource;

export const {
  list: listAdminChannels,
  show: getAdminChannel,
  create: createAdminChannel,
  update: updateAdminChannel,
  deleteMany: deleteAdminChannels,
  impact: adminChannelsDeleteImpact,
} = channelsResource;

export const {
  list: listAdminLyrics,
  show: getAdminLyric,
  create: createAdminLyric,
  update: updateAdminLyric,
  deleteMany: deleteAdminLyrics,
  impact: adminLyricsDeleteImpact,
} = lyricsResource;

export const {
  list: listAdminPlaylists,
  show: getAdminPlaylist,
  update: updateAdminPlaylist,
  deleteMany: deleteAdminPlaylists,
  impact: adminPlaylistsDeleteImpact,
} = playlistsResource;

// Lists with delete only: their rows are made elsewhere (backstage, the player, uploads).
export const {
  list: listAdminTracks,
  show: getAdminTrack,
  deleteMany: deleteAdminTracks,
  impact: adminTracksDeleteImpact,
} = tracksResource;
export const {
  list: listAdminAlbums,
  show: getAdminAlbum,
  deleteMany: deleteAdminAlbums,
  impact: adminAlbumsDeleteImpact,
} = albumsResource;
export const {
  list: listAdminArtists,
  show: getAdminArtist,
  deleteMany: deleteAdminArtists,
  impact: adminArtistsDeleteImpact,
} = artistsResource;
export const {
  list: listAdminComments,
  show: getAdminComment,
  deleteMany: deleteAdminComments,
  impact: adminCommentsDeleteImpact,
} = commentsResource;
export const {
  list: listAdminFiles,
  show: getAdminFile,
  deleteMany: deleteAdminFiles,
  impact: adminFilesDeleteImpact,
} = filesResource;

export {
  getAdminSettings,
  updateAdminSettings,
  sendTestEmail,
  listLogEntries,
  downloadLog,
  getLocalizationLines,
  updateLocalizationLines,
  getCustomPage,
  submitContactPage,
} from './site.ts';

export const {
  list: listAdminLocalizations,
  show: getAdminLocalization,
  create: createAdminLocalization,
  update: updateAdminLocalization,
  deleteMany: deleteAdminLocalizations,
} = localizationsResource;

export const {
  list: listAdminCustomPages,
  show: getAdminCustomPage,
  create: createAdminCustomPage,
  update: updateAdminCustomPage,
  deleteMany: deleteAdminCustomPages,
} = customPagesResource;

export const {
  list: listAdminTranscodingProfiles,
  show: getAdminTranscodingProfile,
  create: createAdminTranscodingProfile,
  update: updateAdminTranscodingProfile,
  deleteMany: deleteAdminTranscodingProfiles,
  impact: adminTranscodingProfilesDeleteImpact,
} = transcodingProfilesResource;

export const {
  list: listAdminTranscodingLimits,
  show: getAdminTranscodingLimit,
  create: createAdminTranscodingLimit,
  update: updateAdminTranscodingLimit,
  deleteMany: deleteAdminTranscodingLimits,
  impact: adminTranscodingLimitsDeleteImpact,
} = transcodingLimitsResource;

export const {
  list: listAdminInternetRadioStations,
  show: getAdminInternetRadioStation,
  create: createAdminInternetRadioStation,
  update: updateAdminInternetRadioStation,
  deleteMany: deleteAdminInternetRadioStations,
  impact: adminInternetRadioStationsDeleteImpact,
} = internetRadioStationsResource;
