import { useQuery } from '@tanstack/react-query';
import type { CreateCommentInput, TrackComment } from '@backbeat/common';
import { http } from '../../lib/http.ts';
import { queryClient } from '../../lib/query-client.ts';

export const commentKeys = {
  track: (trackId: number) => ['tracks', trackId, 'comments'] as const,
};

/** A track's comments; `enabled` is false when the site turned comments off. */
export const useTrackComments = (trackId: number) =>
  useQuery({
    queryKey: commentKeys.track(trackId),
    queryFn: ({ signal }) =>
      http.get<{ enabled: boolean; comments: TrackComment[] }>(`tracks/${trackId}/comments`, {
        signal,
      }),
  });

export async function postComment(trackId: number, input: CreateCommentInput) {
  const { comment } = await http.post<{ comment: TrackComment }>(
    `tracks/${trackId}/comments`,
    input,
  );
  await queryClient.invalidateQueries({ queryKey: commentKeys.track(trackId) });
  return comment;
}

export async function deleteComment(trackId: number, id: number) {
  await http.delete(`comments/${id}`);
  await queryClient.invalidateQueries({ queryKey: commentKeys.track(trackId) });
}
