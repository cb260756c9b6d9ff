import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CHANNEL_CONTENT_TYPES, CHANNEL_LAYOUTS, channelLink } from '@backbeat/common';
import {
  CHANNEL_SOURCES,
  channelsResource,
  type AdminChannel,
  type ChannelItem,
} from '@backbeat/common/admin/content';
import { errorMessage, fieldErrors } from '../../../lib/api-error.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button, buttonClass } from '../../../ui/button.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { Checkbox, TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { NotFoundPage } from '../../../entities/errors/error-pages.tsx';
import { useResourceList, useResourceRow, useSaveResource } from '../resources/queries.ts';
import { ResourceIndex } from '../resources/resource-index.tsx';
import { ChannelItemsEditor } from './channel-items.tsx';
import { NumberTextField } from '../../../ui/number-field/number-field.tsx';

type ContentType = (typeof CHANNEL_CONTENT_TYPES)[number];

const LAYOUT_LABELS = { grid: 'Grid', carousel: 'Carousel', trackTable: 'Track list' } as const;
const SOURCE_LABELS: Record<string, string> = {
  manual: 'Picked by hand',
  popularTracks: 'Most popular tracks',
  trendingTracks: 'Trending this week',
  popularAlbums: 'Most popular albums',
  newReleases: 'Newest albums',
  popularArtists: 'Most popular artists',
  genres: 'Genres',
  featuredPlaylists: 'Featured playlists',
};

/** Admin channels (spec 2 §2): the sections of the home page and of genre pages. */
export function ChannelsIndexPage() {
  const trans = useTrans();
  return (
    <ResourceIndex<AdminChannel>
      resource={channelsResource}
      title={trans('Channels')}
      rowLabel={(channel) => channel.name}
      editPath={(channel) => `${channel.id}/edit`}
      rowActions={(channel) => (
        <Link
          to={channelLink(channel)}
          className={buttonClass('text', 'xs')}
          aria-label={trans('Open :name', { name: channel.name })}
        >
          {trans('Open')}
        </Link>
      )}
      columns={[
        { key: 'name', header: trans('Name') },
        { key: 'slug', header: trans('Address'), wide: true },
        { key: 'content_type', header: trans('Shows'), cell: (c) => trans(c.content_type) },
        {
          key: 'content_source',
          header: trans('Content'),
          wide: true,
          cell: (c) => trans(SOURCE_LABELS[c.content_source] ?? c.content_source),
        },
        {
          key: 'updated_at',
          header: trans('Updated'),
          wide: true,
          cell: (c) => new Date(c.updated_at).toLocaleDateString(),
        },
      ]}
      filters={{
        content_type: {
          label: trans('Shows'),
          options: Object.fromEntries(CHANNEL_CONTENT_TYPES.map((type) => [type, trans(type)])),
        },
        mode: {
          label: trans('Content'),
          options: { manual: trans('Picked by hand'), automatic: trans('Automatic') },
        },
      }}
      labels={{
        create: trans('New channel'),
        empty: trans('No channels match.'),
        search: trans('Search channels'),
        deleted: trans('Channels deleted'),
      }}
    />
  );
}

/** channels/new and channels/{slugOrId}/edit (spec 2 §2): a channel by its id or its address. */
export function ChannelFormPage() {
  const { id } = useParams();
  const numeric = id !== undefined && /^\d+$/.test(id);
  const bySlug = useResourceList<AdminChannel>(
    channelsResource,
    { query: id ?? '' },
    id !== undefined && !numeric,
  );
  const slugMatch = bySlug.data?.pagination.data.find((channel) => channel.slug === id);
  const channelId = id === undefined ? null : numeric ? Number(id) : (slugMatch?.id ?? null);
  const row = useResourceRow<AdminChannel>(channelsResource, channelId);
  if (id === undefined) return <ChannelForm />;
  if (!numeric && bySlug.isPending) return <Skeleton className="m-6 h-64" />;
  if (channelId === null || row.isError) return <NotFoundPage />;
  if (row.isPending) return <Skeleton className="m-6 h-64" />;
  return <ChannelForm channel={row.data} key={row.data.id} />;
}

const selectClass =
  'h-[36px] rounded-lg border border-border bg-bg-elevated px-2 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/40';

function ChannelForm({ channel }: { channel?: AdminChannel }) {
  const trans = useTrans();
  const navigate = useNavigate();
  const save = useSaveResource<AdminChannel>(channelsResource);
  const [values, setValues] = useState({
    name: channel?.name ?? '',
    slug: channel?.slug ?? '',
    description: channel?.description ?? '',
    layout: channel?.layout ?? 'grid',
    content_type: (channel?.content_type ?? 'tracks') as ContentType,
    content_source: channel?.content_source ?? 'popularTracks',
    content_limit: String(channel?.content_limit ?? 12),
    restriction: channel?.restriction ?? null,
    hide_title: channel?.hide_title ?? false,
  });
  const [items, setItems] = useState<ChannelItem[]>(channel?.items ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (changes: Partial<typeof values>) => setValues((v) => ({ ...v, ...changes }));
  const sources = CHANNEL_SOURCES[values.content_type] as readonly string[];
  const manual = values.content_source === 'manual';
  const itemType = values.content_type === 'channels' ? 'channel' : 'track';

  const field = (name: string, label: string, control: React.ReactNode) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`channel-${name}`} className="text-sm font-medium">
        {label}
      </label>
      {control}
      {errors[name] && (
        <p role="alert" className="text-xs text-danger">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <section aria-labelledby="channel-title" className="mx-auto w-full max-w-3xl px-4 py-6">
      <h1 id="channel-title" className="mb-6 text-2xl font-semibold">
        {channel ? trans('Edit ":name"', { name: channel.name }) : trans('New channel')}
      </h1>
      <form
        noValidate
        className="flex flex-col gap-5"
        onSubmit={async (event) => {
          event.preventDefault();
          setErrors({});
          try {
            await save.mutateAsync({
              id: channel?.id ?? null,
              values: {
                ...values,
                slug: values.slug || undefined,
                content_limit: Number(values.content_limit),
                items: manual ? items.filter((item) => item.type === itemType) : [],
              },
            });
            toast(trans('Channel saved'));
            void navigate('/admin/channels');
          } catch (error) {
            const fields = fieldErrors(error);
            setErrors(fields);
            if (!Object.keys(fields).length) toast.danger(trans(errorMessage(error)));
          }
        }}
      >
        <TextField
          label={trans('Name')}
          description={trans('":genre" stands for the genre on genre pages.')}
          value={values.name}
          onChange={(event) => set({ name: event.target.value })}
          error={errors.name}
        />
        <TextField
          label={trans('Address')}
          description={trans('Letters, digits and dashes; made from the name when empty.')}
          value={values.slug}
          onChange={(event) => set({ slug: event.target.value })}
          error={errors.slug}
        />
        <TextField
          label={trans('Description')}
          value={values.description}
          onChange={(event) => set({ description: event.target.value })}
          error={errors.description}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          {field(
            'layout',
            trans('Layout'),
            <select
              id="channel-layout"
              className={selectClass}
              value={values.layout}
              onChange={(event) => set({ layout: event.target.value as typeof values.layout })}
            >
              {CHANNEL_LAYOUTS.map((layout) => (
                <option key={layout} value={layout}>
                  {trans(LAYOUT_LABELS[layout])}
                </option>
              ))}
            </select>,
          )}
          <NumberTextField
            id="channel-content_limit"
            label={trans('How many items')}
            value={values.content_limit}
            onValueChange={(content_limit) => set({ content_limit })}
            error={errors.content_limit}
          />
          {field(
            'content_type',
            trans('Shows'),
            <select
              id="channel-content_type"
              className={selectClass}
              value={values.content_type}
              onChange={(event) => {
                const type = event.target.value as ContentType;
                set({ content_type: type, content_source: CHANNEL_SOURCES[type][0] });
              }}
            >
              {CHANNEL_CONTENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {trans(type)}
                </option>
              ))}
            </select>,
          )}
          {field(
            'content_source',
            trans('Content'),
            <select
              id="channel-content_source"
              className={selectClass}
              value={values.content_source}
              onChange={(event) => set({ content_source: event.target.value })}
            >
              {sources.map((source) => (
                <option key={source} value={source}>
                  {trans(SOURCE_LABELS[source] ?? source)}
                </option>
              ))}
            </select>,
          )}
          {field(
            'restriction',
            trans('Restriction'),
            <select
              id="channel-restriction"
              className={selectClass}
              value={values.restriction ?? ''}
              onChange={(event) => set({ restriction: event.target.value ? 'genre' : null })}
            >
              <option value="">{trans('None')}</option>
              <option value="genre">{trans('A genre (channel/{name}/{genre})')}</option>
            </select>,
          )}
        </div>
        <Checkbox
          label={trans('Hide the title')}
          checked={values.hide_title}
          onChange={(event) => set({ hide_title: event.target.checked })}
        />
        {manual && (
          <ChannelItemsEditor
            type={itemType}
            value={items.filter((item) => item.type === itemType)}
            onChange={setItems}
            error={errors.items}
            channelId={channel?.id}
          />
        )}
        <div className="flex justify-end gap-2">
          <Link to="/admin/channels" className={buttonClass('text', 'md')}>
            {trans('Cancel')}
          </Link>
          <Button type="submit" disabled={save.isPending}>
            {trans('Save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
