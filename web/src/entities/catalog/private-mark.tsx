import clsx from 'clsx';
import { useTrans } from '../../lib/translator.ts';
import { Icon } from '../../ui/icons.tsx';

/** A lock beside music only its owner sees, so they know nobody else can. */
export function PrivateMark({ className }: { className?: string }) {
  const trans = useTrans();
  return (
    <span
      role="img"
      aria-label={trans('Private')}
      title={trans('Private')}
      className={clsx('inline-flex shrink-0 align-[-2px] text-fg-muted', className)}
    >
      <Icon name="lock" size={14} />
    </span>
  );
}
