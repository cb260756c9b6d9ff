import type { Pagination } from '@backbeat/common';

/** The list shape of DESIGN §4. */
export function paginate<T>(
  data: T[],
  page: number,
  perPage: number,
  total: number,
): Pagination<T> {
  const from = data.length ? (page - 1) * perPage + 1 : null;
  return {
    data,
    current_page: page,
    per_page: perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    from,
    to: from === null ? null : from + data.length - 1,
  };
}

export const pageWindow = (page: number, perPage: number) => ({
  limit: perPage,
  offset: (page - 1) * perPage,
});
