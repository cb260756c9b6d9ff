import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import * as endpoints from '@backbeat/common/contracts';
import { PageSkeleton, QueryError } from '../../../entities/errors/page-states.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { TextArea } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { statusLabels, typeLabels } from './labels.ts';

/** `admin/backstage-requests/{id}`: the request, its proof, and approve or deny with a reason. */
export function BackstageRequestReviewPage() {
  const trans = useTrans();
  const id = Number(useParams().requestId);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['admin', 'backstage-request', id],
    queryFn: async () => (await api(endpoints.getAdminBackstageRequest, { id })).request,
  });
  const done = (message: string) => {
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
    toast(message);
  };
  const approve = useMutation({
    mutationFn: () => api(endpoints.approveBackstageRequest, { id }),
    onSuccess: () => done(trans('Request approved')),
    onError: (error) => toast.danger(trans(errorMessage(error))),
  });
  const deny = useMutation({
    mutationFn: () => api(endpoints.denyBackstageRequest, { id, reason }),
    onSuccess: () => done(trans('Request denied')),
    onError: (error) => setReasonError(trans(errorMessage(error, 'reason'))),
  });
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  const request = query.data;
  const onDeny = (event: FormEvent) => {
    event.preventDefault();
    setReasonError(null);
    deny.mutate();
  };
  const rows: [string, string | null][] = [
    [trans('Type'), typeLabels(trans)[request.type]],
    [trans('Status'), statusLabels(trans)[request.status]],
    [trans('Artist'), request.artist_name],
    [trans('Requested by'), request.user?.name ?? null],
    [trans('Name'), request.name],
    [trans('Company'), request.company],
    [trans('Role'), request.role],
    [trans('Reason'), request.deny_reason],
  ];
  return (
    <section
      aria-labelledby="review-title"
      className="flex max-w-3xl flex-col gap-6 px-4 py-6 md:px-8"
    >
      <Link to="/admin/backstage-requests" className="text-sm text-fg-muted hover:underline">
        {trans('Back to requests')}
      </Link>
      <h1 id="review-title" className="text-2xl font-semibold">
        {trans('Request for :artist', { artist: request.artist_name })}
      </h1>
      <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-2 text-sm">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-fg-muted">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      <div className="flex flex-col gap-2">
        <h2 className="font-semibold">{trans('Proof')}</h2>
        {request.links.length === 0 && request.files.length === 0 ? (
          <p className="text-sm text-fg-muted">{trans('No links or files were given.')}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {request.links.map((link) => (
              <li key={link}>
                <a
                  href={link}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="text-primary underline"
                >
                  {link}
                </a>
              </li>
            ))}
            {request.files.map((file) => (
              <li key={file.id}>
                <a href={`/${file.url}`} className="text-primary underline">
                  {file.name}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
      {request.status === 'pending' && (
        <div className="flex flex-col gap-4 rounded-2xl border border-border p-4">
          <Button className="w-fit" disabled={approve.isPending} onClick={() => approve.mutate()}>
            {trans('Approve')}
          </Button>
          <form onSubmit={onDeny} className="flex flex-col gap-2" noValidate>
            <label htmlFor="deny-reason" className="text-sm font-medium">
              {trans('Reason for denying')}
            </label>
            <TextArea
              id="deny-reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? 'deny-reason-error' : undefined}
            />
            {reasonError && (
              <p id="deny-reason-error" className="text-xs text-danger">
                {reasonError}
              </p>
            )}
            <Button type="submit" variant="danger" className="w-fit" disabled={deny.isPending}>
              {trans('Deny')}
            </Button>
          </form>
        </div>
      )}
    </section>
  );
}
