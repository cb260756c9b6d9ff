import { useParams } from 'react-router';
import { PageSkeleton, QueryError } from '../../../entities/errors/page-states.tsx';
import { useBackstageAlbum } from '../queries.ts';
import { AlbumForm } from './album-form.tsx';

/** `backstage/albums/new` and `backstage/albums/{id}/edit` (admin may reuse it: `albumId` or `id`). */
export function AlbumEditorPage() {
  const params = useParams();
  const raw = params.albumId ?? params.id;
  const id = raw ? Number(raw) : null;
  const query = useBackstageAlbum(id);
  if (id === null) return <AlbumForm album={null} />;
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  return <AlbumForm key={query.data.id} album={query.data} />;
}
