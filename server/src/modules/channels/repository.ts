import type { Db } from '../../db/database.ts';

export interface ChannelRow {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  layout: string;
  content_type: string;
  content_source: string;
  content_limit: number;
  restriction: string | null;
  hide_title: number;
}

const COLUMNS = [
  'channels.id',
  'channels.slug',
  'channels.name',
  'channels.description',
  'channels.layout',
  'channels.content_type',
  'channels.content_source',
  'channels.content_limit',
  'channels.restriction',
  'channels.hide_title',
] as const;

export function createChannelsRepository(db: Db) {
  return {
    async bySlug(slug: string): Promise<ChannelRow | undefined> {
      return db.selectFrom('channels').select(COLUMNS).where('slug', '=', slug).executeTakeFirst();
    },
    async byId(id: number): Promise<ChannelRow | undefined> {
      return db.selectFrom('channels').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    },
    /** Manually placed items of a channel, in order. */
    async items(channelId: number) {
      return db
        .selectFrom('channel_items')
        .select(['item_type', 'item_id'])
        .where('channel_id', '=', channelId)
        .orderBy('position')
        .execute();
    },
    async children(channelId: number): Promise<ChannelRow[]> {
      return db
        .selectFrom('channel_items')
        .innerJoin('channels', 'channels.id', 'channel_items.item_id')
        .select(COLUMNS)
        .where('channel_items.channel_id', '=', channelId)
        .where('channel_items.item_type', '=', 'channel')
        .orderBy('channel_items.position')
        .execute();
    },
  };
}

export type ChannelsRepository = ReturnType<typeof createChannelsRepository>;
