import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { NotificationChannel } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { RouteGuard } from '../../app/route-guard.tsx';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { PushBlockedError, enablePush, pushState, type PushState } from './push.ts';
import { notificationKeys, useNotificationSubscriptionsQuery } from './queries.ts';
import { SubscriptionsGrid, type Selections } from './subscriptions-grid.tsx';

function usePushState() {
  const [state, setState] = useState<PushState | null>(null);
  useEffect(() => {
    void pushState().then(setState, () => setState('unsupported'));
  }, []);
  return [state, setState] as const;
}

function Settings() {
  const trans = useTrans();
  const queryClient = useQueryClient();
  const query = useNotificationSubscriptionsQuery();
  const [draft, setDraft] = useState<Selections | null>(null);
  const [saving, setSaving] = useState(false);
  const [push, setPush] = usePushState();

  const stored = useMemo(
    () =>
      Object.fromEntries(
        (query.data?.user_selections ?? []).map((s) => [s.notif_id, s.channels]),
      ) as Selections,
    [query.data],
  );
  const selections = draft ?? stored;
  const changed = Object.keys(selections).filter(
    (id) => JSON.stringify(selections[id]) !== JSON.stringify(stored[id]),
  );

  /** Turns on push for this browser; false (with the spec's message) when it refuses. */
  const turnOnPush = async (): Promise<boolean> => {
    if (!query.data) return false;
    try {
      await enablePush(query.data.push_public_key);
      setPush('on');
      return true;
    } catch (error) {
      if (error instanceof PushBlockedError) {
        setPush('blocked');
        toast.danger(trans(error.message));
      } else {
        toast.danger(
          trans(
            error instanceof ApiError
              ? errorMessage(error)
              : 'Could not turn on browser notifications in this browser.',
          ),
        );
      }
      return false;
    }
  };

  const change = async (
    changes: { notif_id: string; channel: NotificationChannel; on: boolean }[],
  ) => {
    const wantsPush = changes.some((c) => c.channel === 'browser' && c.on);
    if (wantsPush && push !== 'on' && !(await turnOnPush())) return;
    setDraft((current) => {
      const next = { ...(current ?? stored) };
      for (const { notif_id, channel, on } of changes)
        next[notif_id] = { ...next[notif_id], [channel]: on };
      return next;
    });
  };

  const save = async () => {
    setSaving(true);
    try {
      await api(endpoints.updateNotificationSubscriptions, {
        selections: changed.map((notif_id) => ({ notif_id, channels: selections[notif_id] ?? {} })),
      });
      await queryClient.invalidateQueries({ queryKey: notificationKeys.subscriptions });
      setDraft(null);
      toast(trans('Updated preferences'));
    } catch (error) {
      toast.danger(trans(errorMessage(error)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 md:px-8 md:py-10">
      <Link
        to="/notifications"
        className="mb-3 inline-flex items-center gap-1 text-sm text-fg-muted hover:text-fg"
      >
        <Icon name="chevronLeft" size={18} />
        {trans('Notifications')}
      </Link>
      <h1 className="mb-2 text-2xl font-bold md:text-3xl">{trans('Notification settings')}</h1>
      <p className="mb-6 text-sm text-fg-muted">
        {trans('Choose how you hear about what happens on the site.')}
      </p>
      {push && push !== 'on' && push !== 'unsupported' && (
        <div className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-border bg-bg-elevated px-4 py-3 text-sm">
          <Icon name="notifications" size={20} className="text-fg-muted" />
          <p className="flex-1 text-fg-muted">
            {push === 'blocked'
              ? trans(
                  'Notifications blocked. Please enable them for this site from browser settings.',
                )
              : trans('Browser notifications are off on this device.')}
          </p>
          {push === 'off' && (
            <Button size="xs" variant="outline" onClick={() => void turnOnPush()}>
              {trans('Turn on')}
            </Button>
          )}
        </div>
      )}
      {query.isPending && (
        <div className="flex justify-center py-12" role="status" aria-label={trans('Loading...')}>
          <Spinner />
        </div>
      )}
      {query.error && !query.data && (
        <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
          <p className="text-sm text-fg-muted">{trans(errorMessage(query.error))}</p>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {trans('Try again')}
          </Button>
        </div>
      )}
      {query.data && (
        <>
          <SubscriptionsGrid
            groups={query.data.subscriptions}
            channels={query.data.available_channels}
            selections={selections}
            onChange={(changes) => void change(changes)}
          />
          <div className="mt-4 flex justify-end">
            <Button disabled={saving || changed.length === 0} onClick={() => void save()}>
              {trans('Update preferences')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

export function NotificationSettingsPage() {
  return (
    <RouteGuard>
      <Settings />
    </RouteGuard>
  );
}
