import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ChannelItem } from '@backbeat/common/admin/content';
import { listAdminChannels, listAdminTracks } from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';

const SUGGESTIONS = 8;

/** Finds tracks or channels by name, to pick into a manual channel. */
function useCandidates(type: 'track' | 'channel', query: string) {
  return useQuery({
    queryKey: ['admin', 'channel-items', type, query],
    enabled: query.trim().length > 0,
    queryFn: async () => {
      const params = { query, perPage: SUGGESTIONS, page: 1 };
      const page =
        type === 'track'
          ? (await api(listAdminTracks, params)).pagination
          : (await api(listAdminChannels, params)).pagination;
      return page.data.map((row) => ({ type, id: row.id, name: row.name }) as ChannelItem);
    },
  });
}

/** The items of a manual channel, in order: add by search, move up or down, remove. */
export function ChannelItemsEditor({
  type,
  value,
  onChange,
  error,
  channelId,
}: {
  type: 'track' | 'channel';
  value: ChannelItem[];
  onChange: (items: ChannelItem[]) => void;
  error?: string;
  channelId?: number;
}) {
  const trans = useTrans();
  const id = useId();
  const [query, setQuery] = useState('');
  const candidates = useCandidates(type, query);
  const taken = new Set(value.map((item) => item.id));
  const move = (index: number, by: number) => {
    const next = [...value];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-border p-4">
      <legend className="px-1 text-sm font-semibold">
        {type === 'track' ? trans('Tracks, in order') : trans('Channels, in order')}
      </legend>
      {value.length === 0 ? (
        <p className="text-sm text-fg-muted">{trans('Nothing picked yet.')}</p>
      ) : (
        <ol className="flex flex-col gap-1">
          {value.map((item, index) => (
            <li key={`${item.type}-${item.id}`} className="flex items-center gap-2 text-sm">
              <span className="w-6 text-right text-fg-muted">{index + 1}.</span>
              <span className="flex-1 truncate">{item.name ?? `#${item.id}`}</span>
              <IconButton
                label={trans('Move :name up', { name: item.name ?? '' })}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                <Icon name="arrowUpward" size={18} />
              </IconButton>
              <IconButton
                label={trans('Move :name down', { name: item.name ?? '' })}
                disabled={index === value.length - 1}
                onClick={() => move(index, 1)}
              >
                <Icon name="arrowDownward" size={18} />
              </IconButton>
              <IconButton
                label={trans('Remove :name', { name: item.name ?? '' })}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                <Icon name="close" size={18} />
              </IconButton>
            </li>
          ))}
        </ol>
      )}
      <label htmlFor={`${id}-find`} className="text-sm font-medium">
        {type === 'track' ? trans('Find a track to add') : trans('Find a channel to add')}
      </label>
      <input
        id={`${id}-find`}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        className="h-[36px] rounded-lg border border-border bg-bg-elevated px-3 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/40"
      />
      {candidates.data && (
        <ul aria-label={trans('Matches')} className="flex flex-col gap-1">
          {candidates.data
            .filter((item) => !taken.has(item.id) && item.id !== channelId)
            .map((item) => (
              <li key={item.id}>
                <Button
                  variant="text"
                  size="xs"
                  onClick={() => onChange([...value, item])}
                  aria-label={trans('Add :name', { name: item.name ?? '' })}
                >
                  <Icon name="add" size={16} />
                  {item.name}
                </Button>
              </li>
            ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
