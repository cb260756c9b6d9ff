import { useTrans } from '../../../lib/translator.ts';

/** Draft, scheduled, private or live, as the listing sees it. */
export function StatusBadge({
  item,
}: {
  item: { status: string; visibility: string; is_public: boolean; release_at: string | null };
}) {
  const trans = useTrans();
  const label =
    item.status === 'draft'
      ? trans('Draft')
      : item.visibility === 'private'
        ? trans('Private')
        : item.is_public
          ? trans('Live')
          : trans('Scheduled for :date', {
              date: item.release_at ? new Date(item.release_at).toLocaleString() : '',
            });
  return (
    <span className="hidden rounded-full bg-bg-alt px-2.5 py-0.5 text-xs sm:inline">{label}</span>
  );
}
