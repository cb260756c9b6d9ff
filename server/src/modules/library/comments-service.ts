import { trackLink, type CreateCommentInput, type TrackComment } from '@backbeat/common';
import { forbidden, notFound, validationFailed } from '../../lib/domain-errors.ts';
import { plainText } from '../../lib/plain-text.ts';
import type { CatalogService, Viewer } from '../catalog/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { CommentsRepository } from './comments-repository.ts';

export type CommentsService = ReturnType<typeof createCommentsService>;

const TOP_LEVEL_LIMIT = 200;
const EXCERPT = 120;

type Row = NonNullable<Awaited<ReturnType<CommentsRepository['find']>>>;

const present = (row: Row, replies: TrackComment[] = []): TrackComment => ({
  id: row.id,
  track_id: row.track_id,
  parent_id: row.parent_id,
  body: row.body,
  position: row.position,
  created_at: row.created_at,
  user: { id: row.user_id, name: row.user_name, image: row.user_image ?? null },
  replies,
});

const noSuchParent = () =>
  validationFailed({ parent_id: ['That comment does not exist on this track.'] });

/**
 * SoundCloud-style comments: on a visible track, optionally at a playback position, with
 * replies one level deep. The setting `player.track_comments` turns them off site-wide.
 */
export function createCommentsService(deps: {
  repository: CommentsRepository;
  catalog: CatalogService;
  enabled: () => Promise<boolean>;
  notifications: Pick<NotificationsService, 'notify'>;
}) {
  const { repository, catalog } = deps;

  return {
    enabled: deps.enabled,

    /** Every comment on deleted tracks (backstage deletes tracks). */
    forgetTracks: (trackIds: readonly number[]) => repository.deleteForTracks(trackIds),

    /** Not found when the track is not visible to the viewer. */
    async forTrack(trackId: number, viewer: Viewer) {
      await catalog.assertTrackVisible(trackId, viewer);
      if (!(await deps.enabled())) return { enabled: false, comments: [] };
      const { top, replies } = await repository.forTrack(trackId, TOP_LEVEL_LIMIT);
      const byParent = new Map<number, TrackComment[]>();
      for (const reply of replies) {
        const list = byParent.get(reply.parent_id!) ?? [];
        list.push(present(reply));
        byParent.set(reply.parent_id!, list);
      }
      return {
        enabled: true,
        comments: top.map((row) => present(row, byParent.get(row.id) ?? [])),
      };
    },

    async create(
      trackId: number,
      author: { id: number; name: string; image: string | null },
      input: CreateCommentInput,
    ): Promise<TrackComment> {
      const track = await catalog.track(trackId, { userId: author.id });
      if (!track) throw notFound();
      if (!(await deps.enabled())) throw forbidden('Comments are turned off.');
      const body = plainText(input.body);
      if (!body) throw validationFailed({ body: ['Write a comment.'] });
      let parent: Row | undefined;
      if (input.parent_id) {
        parent = await repository.find(input.parent_id);
        if (!parent || parent.track_id !== trackId) throw noSuchParent();
        // Replying to a reply answers its thread: replies stay one level deep.
        if (parent.parent_id) parent = await repository.find(parent.parent_id);
        if (!parent) throw noSuchParent();
      }
      const position =
        input.position === null || input.position === undefined
          ? null
          : Math.min(input.position, track.duration);
      const id = await repository.insert({
        track_id: trackId,
        user_id: author.id,
        parent_id: parent?.id ?? null,
        body,
        position: parent ? null : position,
      });
      if (parent && parent.user_id !== author.id) {
        await deps.notifications.notify(parent.user_id, 'comment.reply', {
          author,
          comment: { excerpt: body.length > EXCERPT ? `${body.slice(0, EXCERPT - 1)}…` : body },
          target: { name: track.name, path: trackLink(track) },
        });
      }
      return present((await repository.find(id))!);
    },

    /** The author or an admin deletes (with its replies); anyone else gets "not found". */
    async delete(id: number, user: { id: number; isAdmin: boolean }): Promise<void> {
      const row = await repository.find(id);
      if (!row) throw notFound();
      if (row.user_id !== user.id && !user.isAdmin) throw notFound();
      if (!(await catalog.trackIsVisible(row.track_id, { userId: user.id })) && !user.isAdmin)
        throw notFound();
      await repository.delete(id);
    },
  };
}
