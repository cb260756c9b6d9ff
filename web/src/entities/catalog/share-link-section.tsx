import { useState } from 'react';
import { SHARE_EXPIRY_DAYS, type Share, type ShareItem } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';

const DAY_MS = 86_400_000;

/**
 * A public share link (issue 38): anyone with it may play what it shares until it expires,
 * without an account. The owner lists and deletes theirs in account settings.
 */
export function ShareLinkSection({
  item,
  copyField,
}: {
  item: ShareItem;
  copyField: (label: string, value: string) => React.ReactNode;
}) {
  const trans = useTrans();
  const [description, setDescription] = useState('');
  const [days, setDays] = useState('7');
  const [share, setShare] = useState<Share | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await api(endpoints.createShare, {
        items: [item],
        description: description.trim() || null,
        expires_at: days ? new Date(Date.now() + Number(days) * DAY_MS).toISOString() : null,
      });
      setShare(answer.share);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  if (share) {
    return (
      <section className="flex flex-col gap-2">
        {copyField(trans('Share link'), new URL(share.path, window.location.origin).toString())}
        <p className="text-xs text-fg-muted">
          {share.expires_at
            ? trans('Anyone with this link can listen until :date.', {
                date: new Date(share.expires_at).toLocaleString(),
              })
            : trans('Anyone with this link can listen until you delete it.')}
        </p>
      </section>
    );
  }
  return (
    <section className="flex flex-col gap-3">
      <p className="text-sm font-medium">{trans('Share link')}</p>
      <p className="text-xs text-fg-muted">
        {trans('A page anyone with the link can listen on, even without an account.')}
      </p>
      <TextField
        label={trans('Description (optional)')}
        value={description}
        maxLength={500}
        onChange={(event) => setDescription(event.target.value)}
      />
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        {trans('Expires')}
        <select
          value={days}
          onChange={(event) => setDays(event.target.value)}
          className="h-9 rounded-lg border border-border bg-bg-elevated px-2 text-sm"
        >
          {SHARE_EXPIRY_DAYS.map((count) => (
            <option key={count} value={String(count)}>
              {count === 1 ? trans('After a day') : trans('After :count days', { count })}
            </option>
          ))}
          <option value="">{trans('Never')}</option>
        </select>
      </label>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div>
        <Button variant="outline" disabled={busy} onClick={() => void create()}>
          {trans('Create share link')}
        </Button>
      </div>
    </section>
  );
}
