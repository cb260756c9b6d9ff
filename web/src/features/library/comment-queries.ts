import { useQuery } from '@tanstack/react-query';
import type { CreateCommentInput } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';

export const commentKeys = {
  track: (trackId: number) => ['tracks', trackId, 'comments'] as const,
};

/** A track's comments; `enabled` is false when the site turned comments off. */
export const useTrackComments = (trackId: number) =>
  useQuery({
    queryKey: commentKeys.track(trackId),
    queryFn: ({ signal }) => api(endpoints.getTrackComments, { id: trackId }, { signal }),
  });

export async function postComment(trackId: number, input: CreateCommentInput) {
  const { comment } = await api(endpoints.createComment, { id: trackId, ...input });
  await queryClient.invalidateQueries({ queryKey: commentKeys.track(trackId) });
  return comment;
}

export async function deleteComment(trackId: number, id: number) {
  await api(endpoints.deleteComment, { id });
  await queryClient.invalidateQueries({ queryKey: commentKeys.track(trackId) });
}
