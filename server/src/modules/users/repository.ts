import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { dayBounds, dayOf } from '../../db/day-of.ts';
import type { UsersTable } from '../../db/schema.ts';

export type UserRow = Omit<UsersTable, 'id'> & { id: number };

export function createUsersRepository(db: Db) {
  return {
    async findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email.toLowerCase())
        .executeTakeFirst();
    },
    async update(
      id: number,
      changes: Partial<Omit<UsersTable, 'id' | 'created_at'>>,
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...changes, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    },
    async delete(id: number): Promise<void> {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },
    async updateLanguage(id: number, language: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ language, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    },
    /** The first `limit` account ids, oldest first (a library client's user list). */
    async firstIds(limit: number): Promise<number[]> {
      const rows = await db.selectFrom('users').select('id').orderBy('id').limit(limit).execute();
      return rows.map((row) => row.id);
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    /** How many accounts were created on each UTC day of the range (days with none left out). */
    async createdPerDay(from: string, to: string): Promise<{ day: string; count: number }[]> {
      const { start, end } = dayBounds(from, to);
      const day = dayOf(db, 'created_at');
      const rows = await db
        .selectFrom('users')
        .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('count')])
        .where('created_at', '>=', start)
        .where('created_at', '<', end)
        .groupBy(day)
        .execute();
      return rows.map((r) => ({ day: r.day, count: Number(r.count) }));
    },
    async create(user: {
      email: string;
      password: string | null;
      name: string;
      email_verified_at?: string | null;
    }): Promise<number> {
      const { id } = await db
        .insertInto('users')
        .values({
          email: user.email.toLowerCase(),
          password: user.password,
          name: user.name,
          email_verified_at: user.email_verified_at ?? null,
          created_at: nowIso(),
          updated_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
