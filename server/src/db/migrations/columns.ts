import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/** Column types that read and write the same way on SQLite and PostgreSQL. */
export function columnTypes(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    postgres,
    timestamp: postgres ? ('timestamptz' as const) : ('text' as const),
    flag: postgres ? ('smallint' as const) : ('integer' as const),
    json: 'text' as const,
    /** Adds an auto-incrementing integer primary key named id. */
    withId<T extends string>(table: CreateTableBuilder<T, never>) {
      return postgres
        ? table.addColumn('id', 'serial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
    },
  };
}
