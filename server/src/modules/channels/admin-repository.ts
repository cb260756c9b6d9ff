import type { Db } from '../../db/database.ts';
import type { ChannelItem } from '@backbeat/common/admin/content';

/** The admin channel form's writes: the items picked by hand, in order, and their names. */
export function createChannelsAdminRepository(db: Db) {
  const TABLES = { track: 'tracks', channel: 'channels' } as const;
  return {
    async items(channelId: number): Promise<ChannelItem[]> {
      const rows = await db
        .selectFrom('channel_items')
        .select(['item_type', 'item_id'])
        .where('channel_id', '=', channelId)
        .orderBy('position')
        .execute();
      const named = await Promise.all(
        rows.map(async (row) => {
          const table = TABLES[row.item_type as keyof typeof TABLES];
          const found = table
            ? await db
                .selectFrom(table)
                .select('name')
                .where('id', '=', row.item_id)
                .executeTakeFirst()
            : undefined;
          return { type: row.item_type as ChannelItem['type'], id: row.item_id, name: found?.name };
        }),
      );
      return named;
    },
    /** Ids among these that name no row of their kind. */
    async missing(items: readonly ChannelItem[]): Promise<ChannelItem[]> {
      const missing: ChannelItem[] = [];
      for (const item of items) {
        const table = TABLES[item.type as keyof typeof TABLES];
        const found = table
          ? await db.selectFrom(table).select('id').where('id', '=', item.id).executeTakeFirst()
          : undefined;
        if (!found) missing.push(item);
      }
      return missing;
    },
    async replaceItems(channelId: number, items: readonly ChannelItem[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('channel_items').where('channel_id', '=', channelId).execute();
        if (!items.length) return;
        await trx
          .insertInto('channel_items')
          .values(
            items.map((item, position) => ({
              channel_id: channelId,
              item_type: item.type,
              item_id: item.id,
              position,
            })),
          )
          .execute();
      });
    },
    /** Channels nest other channels by id; a deleted one leaves its parents. */
    async removeFromParents(channelIds: number[]): Promise<void> {
      await db
        .deleteFrom('channel_items')
        .where('item_type', '=', 'channel')
        .where('item_id', 'in', channelIds)
        .execute();
    },
    async deleteChannels(channelIds: number[]): Promise<number> {
      const result = await db
        .deleteFrom('channels')
        .where('id', 'in', channelIds)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async parentCount(channelIds: number[]): Promise<number> {
      const row = await db
        .selectFrom('channel_items')
        .select((eb) => eb.fn.count<number>('channel_id').distinct().as('total'))
        .where('item_type', '=', 'channel')
        .where('item_id', 'in', channelIds)
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },
  };
}
