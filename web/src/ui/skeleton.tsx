import clsx from 'clsx';

/** A pulsing placeholder shaped like the content that is loading. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={clsx('block animate-pulse rounded-md bg-bg-hover', className)}
    />
  );
}
