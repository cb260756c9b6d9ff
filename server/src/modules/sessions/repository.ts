import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { SessionsTable } from '../../db/schema.ts';

export type SessionRow = SessionsTable;

export function createSessionsRepository(db: Db) {
  return {
    async findLive(id: string): Promise<SessionRow | undefined> {
      return db
        .selectFrom('sessions')
        .selectAll()
        .where('id', '=', id)
        .where('expires_at', '>', nowIso())
        .executeTakeFirst();
    },
    async insert(row: SessionRow): Promise<void> {
      await db.insertInto('sessions').values(row).execute();
    },
    async touch(id: string, lastActivity: string, expiresAt: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_activity: lastActivity, expires_at: expiresAt })
        .where('id', '=', id)
        .execute();
    },
    async updatePayload(id: string, payload: string): Promise<void> {
      await db.updateTable('sessions').set({ payload }).where('id', '=', id).execute();
    },
    async delete(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },
    async setLocation(id: string, city: string | null, country: string | null): Promise<void> {
      await db.updateTable('sessions').set({ city, country }).where('id', '=', id).execute();
    },
    async listForUser(userId: number): Promise<SessionRow[]> {
      return db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('expires_at', '>', nowIso())
        .orderBy('last_activity', 'desc')
        .execute();
    },
    async deleteForUser(userId: number, exceptId?: string): Promise<number> {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (exceptId) query = query.where('id', '!=', exceptId);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async deleteExpired(): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where('expires_at', '<=', nowIso())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
