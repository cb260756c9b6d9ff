import { Link, useParams } from 'react-router';
import { QueryError, PageSkeleton } from '../../../entities/errors/page-states.tsx';
import { useTrans } from '../../../lib/translator.ts';
import { buttonClass } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { useBackstageRequest } from '../queries.ts';

/** `backstage/requests/{id}/request-submitted`: the confirmation, and the request's state. */
export function RequestSubmittedPage() {
  const trans = useTrans();
  const id = Number(useParams().requestId);
  const query = useBackstageRequest(id);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  const request = query.data;
  const status = {
    pending: trans('We will review it and let you know.'),
    approved: trans('Approved: you can upload music now.'),
    denied: trans('Denied: :reason', { reason: request.deny_reason ?? '' }),
  }[request.status];
  return (
    <section className="flex max-w-xl flex-col items-start gap-4" aria-labelledby="submitted-title">
      <Icon name="check" size={40} className="text-primary" />
      <h1 id="submitted-title" className="text-2xl font-semibold">
        {trans('Request submitted')}
      </h1>
      <p>{trans('Your request for :artist was received.', { artist: request.artist_name })}</p>
      <p role="status" className="text-fg-muted">
        {status}
      </p>
      <Link to="/backstage/tracks" className={buttonClass('outline', 'sm')}>
        {trans('Back to backstage')}
      </Link>
    </section>
  );
}
