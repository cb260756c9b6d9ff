import { useTrans } from '../lib/translator.ts';
import { Button } from './button.tsx';

/** The "Load more" button under a paged list; shows only while there is a next page. */
export function LoadMore({
  list,
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  const trans = useTrans();
  if (!list.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className="mt-4"
      disabled={list.isFetchingNextPage}
      onClick={() => void list.fetchNextPage()}
    >
      {trans('Load more')}
    </Button>
  );
}
