import clsx from 'clsx';
import { SPINNER } from '@backbeat/common';
import { useTrans } from '../lib/translator.ts';
import { useDelayedVisibility } from './delayed-visibility.ts';

export function Spinner({ className, size = 32 }: { className?: string; size?: number }) {
  return (
    <svg
      className={clsx('animate-spin text-primary', className)}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path
        d="M22 12a10 10 0 0 0-10-10"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** A full-area spinner that appears only when loading lasts more than 500 ms. */
export function PageLoadingSpinner() {
  const trans = useTrans();
  const visible = useDelayedVisibility(true, SPINNER.delayMs, SPINNER.minDurationMs);
  return (
    <div
      role="progressbar"
      aria-label={trans('Loading page...')}
      aria-busy="true"
      className="flex min-h-[50vh] items-center justify-center"
    >
      {visible && <Spinner />}
    </div>
  );
}
