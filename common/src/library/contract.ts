import { z } from 'zod';
import {
  albumSchema,
  artistSchema,
  playlistDetailsSchema,
  playlistSchema,
  trackSchema,
  userSummarySchema,
} from '../catalog/types.ts';
import { idParamsSchema } from '../catalog/schemas.ts';
import { pagedList } from '../paged-list.ts';
import { endpoint } from '../contract.ts';
import {
  createPlaylistSchema,
  invitePlaylistEditorSchema,
  playlistEditorParamsSchema,
  playlistTracksSchema,
  reorderPlaylistSchema,
  updatePlaylistSchema,
} from './playlist-schemas.ts';
import {
  createCommentSchema,
  followParamsSchema,
  likeParamsSchema,
  repostParamsSchema,
} from './schemas.ts';
import {
  followedIdsSchema,
  historyEntrySchema,
  libraryPlaylistsSchema,
  likedIdsSchema,
  playlistAbilitiesSchema,
  repostSchema,
  repostedIdsSchema,
  trackCommentSchema,
} from './types.ts';

const library = ['library'];
const playlists = ['playlists'];

// Likes, the listener's collections and history.

export const getLikedIds = endpoint({
  method: 'GET',
  path: '/api/v1/library/likes/ids',
  access: 'auth',
  summary: 'The ids of everything the listener likes',
  tags: library,
  response: z.object({ likes: likedIdsSchema }),
});

export const like = endpoint({
  method: 'PUT',
  path: '/api/v1/library/likes/:type/:id',
  access: 'auth',
  tags: library,
  params: likeParamsSchema,
  response: z.object({ liked: z.literal(true) }),
});

export const unlike = endpoint({
  method: 'DELETE',
  path: '/api/v1/library/likes/:type/:id',
  access: 'auth',
  tags: library,
  params: likeParamsSchema,
  response: z.object({ liked: z.literal(false) }),
});

export const getLikedTracks = pagedList(trackSchema, {
  path: '/api/v1/library/tracks',
  access: 'auth',
  tags: library,
});

export const getLikedAlbums = pagedList(albumSchema, {
  path: '/api/v1/library/albums',
  access: 'auth',
  tags: library,
});

export const getLibraryArtists = pagedList(artistSchema, {
  path: '/api/v1/library/artists',
  access: 'auth',
  summary: 'Artists the listener likes or follows',
  tags: library,
});

export const getHistory = pagedList(historyEntrySchema, {
  path: '/api/v1/library/history',
  access: 'auth',
  summary: "The listener's plays, newest first",
  tags: library,
});

// Reposts.

export const getRepostedIds = endpoint({
  method: 'GET',
  path: '/api/v1/library/reposts/ids',
  access: 'auth',
  tags: library,
  response: z.object({ reposts: repostedIdsSchema }),
});

export const repost = endpoint({
  method: 'PUT',
  path: '/api/v1/library/reposts/:type/:id',
  access: 'auth',
  tags: library,
  params: repostParamsSchema,
  response: z.object({ reposted: z.literal(true) }),
});

export const unrepost = endpoint({
  method: 'DELETE',
  path: '/api/v1/library/reposts/:type/:id',
  access: 'auth',
  tags: library,
  params: repostParamsSchema,
  response: z.object({ reposted: z.literal(false) }),
});

export const getUserReposts = pagedList(repostSchema, {
  path: '/api/v1/users/:id/reposts',
  access: 'users.view',
  tags: library,
  params: idParamsSchema,
});

// Follows.

export const getFollowedIds = endpoint({
  method: 'GET',
  path: '/api/v1/library/follows/ids',
  access: 'auth',
  tags: library,
  response: z.object({ follows: followedIdsSchema }),
});

export const follow = endpoint({
  method: 'PUT',
  path: '/api/v1/library/follows/:type/:id',
  access: 'auth',
  tags: library,
  params: followParamsSchema,
  response: z.object({ following: z.literal(true) }),
});

export const unfollow = endpoint({
  method: 'DELETE',
  path: '/api/v1/library/follows/:type/:id',
  access: 'auth',
  tags: library,
  params: followParamsSchema,
  response: z.object({ following: z.literal(false) }),
});

export const getUserFollowers = pagedList(userSummarySchema, {
  path: '/api/v1/users/:id/followers',
  access: 'users.view',
  tags: library,
  params: idParamsSchema,
});

export const getUserFollowing = pagedList(userSummarySchema, {
  path: '/api/v1/users/:id/following',
  access: 'users.view',
  tags: library,
  params: idParamsSchema,
});

// Comments.

export const getTrackComments = endpoint({
  method: 'GET',
  path: '/api/v1/tracks/:id/comments',
  access: 'music.view',
  summary: "A track's comments, newest first, with their replies",
  tags: library,
  params: idParamsSchema,
  response: z.object({ enabled: z.boolean(), comments: z.array(trackCommentSchema) }),
});

export const createComment = endpoint({
  method: 'POST',
  path: '/api/v1/tracks/:id/comments',
  access: 'comments.create',
  tags: library,
  params: idParamsSchema,
  body: createCommentSchema,
  status: 201,
  response: z.object({ comment: trackCommentSchema }),
});

export const deleteComment = endpoint({
  method: 'DELETE',
  path: '/api/v1/comments/:id',
  access: 'auth',
  summary: 'Deletes a comment (its author or an admin)',
  tags: library,
  params: idParamsSchema,
  response: z.object({ deleted: z.literal(true) }),
});

// Playlists.

export const getPlaylist = endpoint({
  method: 'GET',
  path: '/api/v1/playlists/:id',
  access: 'music.view',
  summary: 'A playlist with its tracks and what the caller may do with it',
  tags: playlists,
  params: idParamsSchema,
  response: z.object({ playlist: playlistDetailsSchema, abilities: playlistAbilitiesSchema }),
});

export const getUserPlaylists = endpoint({
  method: 'GET',
  path: '/api/v1/users/:id/playlists',
  access: 'users.view',
  tags: playlists,
  params: idParamsSchema,
  response: z.object({ playlists: z.array(playlistSchema) }),
});

export const getLibraryPlaylists = endpoint({
  method: 'GET',
  path: '/api/v1/library/playlists',
  access: 'auth',
  summary: "The listener's own, collaborative and followed playlists",
  tags: playlists,
  response: libraryPlaylistsSchema,
});

export const createPlaylist = endpoint({
  method: 'POST',
  path: '/api/v1/playlists',
  access: 'playlists.create',
  tags: playlists,
  body: createPlaylistSchema,
  status: 201,
  response: z.object({ playlist: playlistDetailsSchema }),
});

export const updatePlaylist = endpoint({
  method: 'PUT',
  path: '/api/v1/playlists/:id',
  access: 'auth',
  tags: playlists,
  params: idParamsSchema,
  body: updatePlaylistSchema,
  response: z.object({ playlist: playlistDetailsSchema }),
});

export const deletePlaylist = endpoint({
  method: 'DELETE',
  path: '/api/v1/playlists/:id',
  access: 'auth',
  tags: playlists,
  params: idParamsSchema,
  response: z.object({ deleted: z.literal(true) }),
});

export const addPlaylistTracks = endpoint({
  method: 'POST',
  path: '/api/v1/playlists/:id/tracks',
  access: 'auth',
  summary: 'Adds tracks at the end; answers how many were new',
  tags: playlists,
  params: idParamsSchema,
  body: playlistTracksSchema,
  response: z.object({ added: z.number() }),
});

export const removePlaylistTracks = endpoint({
  method: 'DELETE',
  path: '/api/v1/playlists/:id/tracks',
  access: 'auth',
  tags: playlists,
  params: idParamsSchema,
  body: playlistTracksSchema,
  response: z.object({ removed: z.literal(true) }),
});

export const reorderPlaylistTracks = endpoint({
  method: 'PUT',
  path: '/api/v1/playlists/:id/tracks/order',
  access: 'auth',
  tags: playlists,
  params: idParamsSchema,
  body: reorderPlaylistSchema,
  response: z.object({ reordered: z.literal(true) }),
});

export const invitePlaylistEditor = endpoint({
  method: 'POST',
  path: '/api/v1/playlists/:id/editors',
  access: 'auth',
  summary: 'Invites a user to edit a collaborative playlist',
  tags: playlists,
  params: idParamsSchema,
  body: invitePlaylistEditorSchema,
  response: z.object({ editors: z.array(userSummarySchema) }),
});

export const removePlaylistEditor = endpoint({
  method: 'DELETE',
  path: '/api/v1/playlists/:id/editors/:userId',
  access: 'auth',
  summary: 'The owner side removes an editor; an editor removes themselves to leave',
  tags: playlists,
  params: playlistEditorParamsSchema,
  response: z.object({ removed: z.literal(true) }),
});

export const uploadPlaylistImage = endpoint({
  method: 'POST',
  path: '/api/v1/playlists/:id/image',
  access: 'auth',
  summary: "Sets a playlist's image from a multipart `file` (PNG, JPEG, GIF or WebP)",
  tags: playlists,
  params: idParamsSchema,
  response: z.object({ playlist: playlistDetailsSchema }),
});

export const removePlaylistImage = endpoint({
  method: 'DELETE',
  path: '/api/v1/playlists/:id/image',
  access: 'auth',
  tags: playlists,
  params: idParamsSchema,
  response: z.object({ playlist: playlistDetailsSchema }),
});
