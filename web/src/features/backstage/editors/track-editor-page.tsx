import { useParams } from 'react-router';
import { PageSkeleton, QueryError } from '../../../entities/errors/page-states.tsx';
import { useBackstageTrack } from '../queries.ts';
import { TrackForm } from './track-form.tsx';

/**
 * `backstage/tracks/new` and `backstage/tracks/{id}/edit`; the admin area reuses it (its
 * route may name the param `trackId` or `id`). Links inside lead back to backstage.
 */
export function TrackEditorPage() {
  const params = useParams();
  const raw = params.trackId ?? params.id;
  const id = raw ? Number(raw) : null;
  const query = useBackstageTrack(id);
  if (id === null) return <TrackForm track={null} />;
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  return <TrackForm key={query.data.id} track={query.data} />;
}
