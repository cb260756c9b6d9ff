import { useEffect, useRef } from 'react';
import {
  NOTIFICATION_CHANNEL_LABELS,
  type ChannelSelection,
  type NotificationChannel,
  type NotificationSubscriptionGroup,
} from '@backbeat/common';
import { useTrans } from '../../lib/translator.ts';

export type Selections = Record<string, ChannelSelection>;

function GroupToggle({
  checked,
  indeterminate,
  label,
  onChange,
}: {
  checked: boolean;
  indeterminate: boolean;
  label: string;
  onChange: (on: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      className="size-4 accent-[rgb(var(--be-primary))]"
    />
  );
}

/**
 * Spec §2: a grid of channels per notification, grouped, with a toggle per group and channel
 * that turns every notification of the group on or off for that channel.
 */
export function SubscriptionsGrid({
  groups,
  channels,
  selections,
  onChange,
}: {
  groups: NotificationSubscriptionGroup[];
  channels: NotificationChannel[];
  selections: Selections;
  onChange: (changes: { notif_id: string; channel: NotificationChannel; on: boolean }[]) => void;
}) {
  const trans = useTrans();
  const channelLabel = (channel: NotificationChannel) =>
    trans(NOTIFICATION_CHANNEL_LABELS[channel]);

  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-bg-elevated">
      <table className="w-full min-w-[340px] border-collapse text-sm">
        <thead>
          <tr className="border-b border-border text-left text-fg-muted">
            <th scope="col" className="px-3 py-3 font-medium sm:px-4">
              {trans('Notification')}
            </th>
            {channels.map((channel) => (
              <th
                key={channel}
                scope="col"
                className="w-16 px-1 py-3 text-center font-medium sm:w-24 sm:px-2"
              >
                {channelLabel(channel)}
              </th>
            ))}
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody key={group.group_name} className="border-b border-border last:border-b-0">
            <tr className="bg-bg-alt/60">
              <th scope="rowgroup" className="px-3 py-2.5 text-left font-semibold text-fg sm:px-4">
                {trans(group.group_name)}
              </th>
              {channels.map((channel) => {
                const rows = group.subscriptions.filter((s) => s.channels.includes(channel));
                const on = rows.filter((s) => selections[s.notif_id]?.[channel]).length;
                return (
                  <td key={channel} className="px-2 py-2.5 text-center">
                    {rows.length > 0 && (
                      <GroupToggle
                        label={trans(':group: :channel for all', {
                          group: trans(group.group_name),
                          channel: channelLabel(channel),
                        })}
                        checked={on === rows.length}
                        indeterminate={on > 0 && on < rows.length}
                        onChange={(value) =>
                          onChange(rows.map((s) => ({ notif_id: s.notif_id, channel, on: value })))
                        }
                      />
                    )}
                  </td>
                );
              })}
            </tr>
            {group.subscriptions.map((subscription) => (
              <tr key={subscription.notif_id} className="border-t border-border/60">
                <th scope="row" className="px-3 py-3 text-left font-normal text-fg sm:px-4">
                  {trans(subscription.name)}
                </th>
                {channels.map((channel) => (
                  <td key={channel} className="px-2 py-3 text-center">
                    {subscription.channels.includes(channel) ? (
                      <input
                        type="checkbox"
                        aria-label={trans(':name: :channel', {
                          name: trans(subscription.name),
                          channel: channelLabel(channel),
                        })}
                        checked={!!selections[subscription.notif_id]?.[channel]}
                        onChange={(e) =>
                          onChange([
                            { notif_id: subscription.notif_id, channel, on: e.target.checked },
                          ])
                        }
                        className="size-4 accent-[rgb(var(--be-primary))]"
                      />
                    ) : (
                      <span className="text-fg-muted" aria-label={trans('Not available')}>
                        –
                      </span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
