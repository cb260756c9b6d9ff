import clsx from 'clsx';
import type { ButtonHTMLAttributes, ReactNode } from 'react';

type Variant = 'primary' | 'outline' | 'text' | 'danger';
type Size = 'xs' | 'sm' | 'md' | 'lg';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-primary text-on-primary hover:bg-primary-hover shadow-sm',
  outline: 'border border-border text-fg hover:bg-bg-hover',
  text: 'text-fg hover:bg-bg-hover',
  // The page colour on danger reads in both themes (white on the dark theme's light red did not).
  danger: 'bg-danger text-bg hover:opacity-90',
};
// Heights follow the input sizes of spec §9 (30, 36, 42, 50).
const SIZES: Record<Size, string> = {
  xs: 'h-[30px] px-3 text-xs',
  sm: 'h-[36px] px-4 text-sm',
  md: 'h-[42px] px-5 text-sm',
  lg: 'h-[50px] px-6 text-base',
};

export function buttonClass(variant: Variant = 'primary', size: Size = 'md', className?: string) {
  return clsx(
    'inline-flex items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
    'disabled:cursor-not-allowed disabled:opacity-50',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export function Button({
  variant,
  size,
  className,
  type = 'button',
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  size?: Size;
  children: ReactNode;
}) {
  return (
    <button type={type} className={buttonClass(variant, size, className)} {...props}>
      {children}
    </button>
  );
}

export function IconButton({
  label,
  className,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { label: string; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      className={clsx(
        'inline-flex size-10 items-center justify-center rounded-full text-fg-muted transition-colors hover:bg-bg-hover hover:text-fg',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        className,
      )}
      {...props}
    >
      {children}
    </button>
  );
}
