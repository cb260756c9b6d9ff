import {
  transcodingLimitsResource,
  transcodingProfilesResource,
  type AdminTranscodingLimit,
  type AdminTranscodingProfile,
} from '@backbeat/common/admin/transcoding';
import { useTrans } from '../../lib/translator.ts';
import { ResourceFormPage } from './resources/resource-form.tsx';
import { ResourceIndex } from './resources/resource-index.tsx';

/**
 * Admin transcoding (issue 38.6): the profiles streams may be encoded to, and the limits per
 * user and per Subsonic client (a bitrate cap, a default profile), as Navidrome's players.
 */
export function TranscodingProfilesPage() {
  const trans = useTrans();
  return (
    <ResourceIndex<AdminTranscodingProfile>
      resource={transcodingProfilesResource}
      title={trans('Transcoding profiles')}
      rowLabel={(profile) => profile.name}
      columns={[
        { key: 'name', header: trans('Name') },
        { key: 'format', header: trans('Format') },
        {
          key: 'bit_rate',
          header: trans('Bitrate'),
          cell: (profile) => trans(':value kbit/s', { value: profile.bit_rate }),
        },
        { key: 'preset', header: trans('Encoder setting'), wide: true },
      ]}
      filters={{
        format: {
          label: trans('Format'),
          options: { opus: 'Opus', mp3: 'MP3', aac: 'AAC' },
        },
      }}
      labels={{
        create: trans('New profile'),
        empty: trans('No transcoding profiles yet.'),
        search: trans('Search profiles'),
        deleted: trans('Profiles deleted'),
      }}
    />
  );
}

export function TranscodingProfileFormPage() {
  const trans = useTrans();
  return (
    <ResourceFormPage<AdminTranscodingProfile>
      resource={transcodingProfilesResource}
      titles={{
        create: trans('New profile'),
        edit: (profile) => trans('Edit ":name"', { name: profile.name }),
      }}
      fields={{
        name: { label: trans('Name') },
        format: { label: trans('Format'), description: trans('opus, mp3 or aac') },
        bit_rate: { label: trans('Bitrate (kbit/s)'), type: 'number' },
        preset: {
          label: trans('Encoder setting'),
          description: trans('standard, vbr (variable bitrate) or voice (one channel, for speech)'),
        },
      }}
      saved={trans('Profile saved')}
    />
  );
}

export function TranscodingLimitsPage() {
  const trans = useTrans();
  const none = trans('Any');
  return (
    <ResourceIndex<AdminTranscodingLimit>
      resource={transcodingLimitsResource}
      title={trans('Transcoding limits')}
      rowLabel={(limit) => limit.client ?? trans('User :id', { id: limit.user_id ?? '' })}
      columns={[
        { key: 'user_id', header: trans('User id'), cell: (limit) => limit.user_id ?? none },
        { key: 'client', header: trans('Client'), cell: (limit) => limit.client ?? none },
        {
          key: 'max_bit_rate',
          header: trans('Maximum bitrate'),
          cell: (limit) =>
            limit.max_bit_rate === null
              ? none
              : trans(':value kbit/s', { value: limit.max_bit_rate }),
        },
        {
          key: 'profile_id',
          header: trans('Default profile id'),
          wide: true,
          cell: (limit) => limit.profile_id ?? none,
        },
      ]}
      filters={{}}
      labels={{
        create: trans('New limit'),
        empty: trans('No transcoding limits yet.'),
        search: trans('Search by client'),
        deleted: trans('Limits deleted'),
      }}
    />
  );
}

export function TranscodingLimitFormPage() {
  const trans = useTrans();
  return (
    <ResourceFormPage<AdminTranscodingLimit>
      resource={transcodingLimitsResource}
      titles={{ create: trans('New limit'), edit: () => trans('Edit limit') }}
      fields={{
        user_id: {
          label: trans('User id'),
          type: 'number',
          description: trans('Empty: every user of the client below.'),
        },
        client: {
          label: trans('Client'),
          description: trans(
            'The name a Subsonic app sends (its c parameter). Empty: every client of the user.',
          ),
        },
        max_bit_rate: { label: trans('Maximum bitrate (kbit/s)'), type: 'number' },
        profile_id: {
          label: trans('Default profile id'),
          type: 'number',
          description: trans('What the client gets when it names no format.'),
        },
      }}
      saved={trans('Limit saved')}
    />
  );
}
