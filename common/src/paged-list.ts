import type { z } from 'zod';
import { pageQuerySchema } from './catalog/schemas.ts';
import { paginationOf } from './catalog/types.ts';
import { endpoint, type EndpointDefinition } from './contract.ts';

/**
 * A GET that answers one page of `item`s in the list shape of DESIGN §4, read with the shared
 * `page`/`perPage` query. Lists with their own filters declare their query themselves.
 */
export function pagedList<
  const Item extends z.ZodType,
  const Rest extends Omit<EndpointDefinition, 'method' | 'query' | 'response'>,
>(item: Item, rest: Rest) {
  return endpoint({
    ...rest,
    method: 'GET',
    query: pageQuerySchema,
    response: paginationOf(item),
  });
}
