import type { KyselyPlugin, RootOperationNode } from 'kysely';

/** What a query was, enough to find the statements a test waits for. */
function describe(node: RootOperationNode): string {
  if (node.kind === 'RawNode') return node.sqlFragments.join('?').trim();
  if (node.kind === 'InsertQueryNode') return `insert into ${node.into?.table.identifier.name}`;
  return node.kind;
}

/**
 * A Kysely plugin (public plugin API) that calls `after` once each query has run, with its
 * number from 1 and what it was: the migration kill test stops a process at a chosen one.
 */
export function afterEachQuery(after: (count: number, query: string) => void): KyselyPlugin {
  let count = 0;
  const queries = new Map<unknown, string>();
  return {
    transformQuery(args) {
      queries.set(args.queryId, describe(args.node));
      return args.node;
    },
    async transformResult(args) {
      count += 1;
      const query = queries.get(args.queryId) ?? '';
      queries.delete(args.queryId);
      after(count, query);
      return args.result;
    },
  };
}
