import { ValueNode, type KyselyPlugin, type RootOperationNode } from 'kysely';

/** What a query was, enough to find the statements a test waits for. */
function describe(node: RootOperationNode): string {
  if (node.kind === 'RawNode') return node.sqlFragments.join('?').trim();
  if (node.kind === 'InsertQueryNode') return `insert into ${node.into?.table.identifier.name}`;
  return node.kind;
}

/** The values a raw query binds (a migration's name in the runner's own statements). */
function valuesOf(node: RootOperationNode): unknown[] {
  if (node.kind !== 'RawNode') return [];
  return node.parameters.flatMap((parameter) => (ValueNode.is(parameter) ? [parameter.value] : []));
}

type QueryListener = (count: number, query: string, values: unknown[]) => unknown;

/**
 * A Kysely plugin (public plugin API) that calls `after` once each query has run, with its
 * number from 1, what it was and the values it bound, and waits for what `after` returns:
 * the migration tests stop or pause a process at a chosen query. `before`, if given, hears of
 * each query before it runs.
 */
export function afterEachQuery(after: QueryListener, before?: QueryListener): KyselyPlugin {
  let count = 0;
  let announced = 0;
  const queries = new Map<unknown, [string, unknown[]]>();
  return {
    transformQuery(args) {
      const query: [string, unknown[]] = [describe(args.node), valuesOf(args.node)];
      queries.set(args.queryId, query);
      announced += 1;
      before?.(announced, ...query);
      return args.node;
    },
    async transformResult(args) {
      count += 1;
      const [query, values] = queries.get(args.queryId) ?? ['', []];
      queries.delete(args.queryId);
      await after(count, query, values);
      return args.result;
    },
  };
}
