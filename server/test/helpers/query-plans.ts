import { CompiledQuery, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import type { DatabaseHandle } from '../../src/db/database.ts';

/** A Kysely plugin that keeps every query it sees, to explain them afterwards. */
export function queryRecorder() {
  const seen: { node: RootOperationNode; queryId: QueryId }[] = [];
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      seen.push({ node: args.node, queryId: args.queryId });
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
  return { plugin, seen };
}

/**
 * The plan of a query as text: SQLite's `EXPLAIN QUERY PLAN` details, one a line, or
 * PostgreSQL's `EXPLAIN` lines. On PostgreSQL sorting is priced out (`enable_sort = off`) so
 * that a small test table still shows whether an index can give the order: a Sort node left
 * in the plan means none can.
 */
export async function planOf(database: DatabaseHandle, query: CompiledQuery): Promise<string> {
  if (database.dialect === 'sqlite') {
    const result = await database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
    );
    return result.rows.map((row) => row.detail).join('\n');
  }
  return database.db.connection().execute(async (connection) => {
    await connection.executeQuery(CompiledQuery.raw('SET enable_sort = off'));
    try {
      const result = await connection.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]),
      );
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await connection.executeQuery(CompiledQuery.raw('RESET enable_sort'));
    }
  });
}

/** The plans of the recorded selects. */
export async function plansOf(
  database: DatabaseHandle,
  seen: { node: RootOperationNode; queryId: QueryId }[],
): Promise<string[]> {
  const plans: string[] = [];
  for (const { node, queryId } of seen) {
    if (node.kind !== 'SelectQueryNode') continue;
    plans.push(await planOf(database, database.db.getExecutor().compileQuery(node, queryId)));
  }
  return plans;
}

/** Whether a plan sorts rows itself instead of reading them in order from an index. */
export function sortsRows(plan: string): boolean {
  return /USE TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY|^\s*(->\s*)?(Incremental )?Sort\b/m.test(
    plan,
  );
}
