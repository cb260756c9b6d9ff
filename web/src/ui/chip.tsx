import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CHIP_SIZES } from '@backbeat/common';

/** Spec §9 chip sizes: xs, sm, md, lg. */
export type ChipSize = (typeof CHIP_SIZES)[number];

const SIZES: Record<ChipSize, string> = {
  xs: 'h-6 px-2 text-[11px] gap-1',
  sm: 'h-7 px-2.5 text-xs gap-1',
  md: 'h-8 px-3 text-xs gap-1.5',
  lg: 'h-10 px-4 text-sm gap-2',
};

export function chipClass(size: ChipSize = 'md', className?: string): string {
  return clsx(
    'inline-flex items-center rounded-full border border-border font-medium text-fg',
    'hover:bg-bg-hover focus-visible:outline-2 focus-visible:outline-primary',
    SIZES[size],
    className,
  );
}

/** A small rounded label; a link when given `to`. */
export function Chip({
  size = 'md',
  to,
  children,
  className,
}: {
  size?: ChipSize;
  to?: string;
  children: ReactNode;
  className?: string;
}) {
  if (to) {
    return (
      <Link to={to} data-chip-size={size} className={chipClass(size, className)}>
        {children}
      </Link>
    );
  }
  return (
    <span data-chip-size={size} className={chipClass(size, className)}>
      {children}
    </span>
  );
}
