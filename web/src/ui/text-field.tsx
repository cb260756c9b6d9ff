import clsx from 'clsx';
import { useId, type InputHTMLAttributes, type Ref, type TextareaHTMLAttributes } from 'react';
import { TEXTAREA_DEFAULT_ROWS } from '@backbeat/common';
import { inputSizeProps, type InputSize } from './input-size.ts';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  error?: string;
  description?: string;
  /** Spec §9 input sizes, 2xs to xl (24 to 60 px high); md (42 px) by default. */
  size?: InputSize;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  error,
  description,
  className,
  id,
  size = 'md',
  ...props
}: TextFieldProps) {
  const sizing = inputSizeProps(size);
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-fg">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || description ? hintId : undefined}
        style={sizing.style}
        className={clsx(
          'rounded-lg border bg-bg-elevated text-fg outline-none transition-shadow',
          sizing.className,
          'placeholder:text-fg-muted/70 focus:ring-2 focus:ring-primary/40 disabled:opacity-60',
          error ? 'border-danger' : 'border-border focus:border-primary',
        )}
        {...props}
      />
      {(error || description) && (
        <p id={hintId} className={clsx('text-xs', error ? 'text-danger' : 'text-fg-muted')}>
          {error ?? description}
        </p>
      )}
    </div>
  );
}

/** A multi-line field; spec §9: 4 rows unless told otherwise. */
export function TextArea({
  rows = TEXTAREA_DEFAULT_ROWS,
  className,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <textarea
      rows={rows}
      className={clsx(
        'rounded-lg border border-border bg-bg px-3 py-2 text-sm font-normal text-fg outline-none focus-visible:ring-2 focus-visible:ring-primary/60',
        className,
      )}
      {...props}
    />
  );
}

export function Checkbox({
  label,
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string; ref?: Ref<HTMLInputElement> }) {
  return (
    <label
      className={clsx('inline-flex cursor-pointer items-center gap-2 text-sm text-fg', className)}
    >
      <input type="checkbox" className="size-4 accent-[rgb(var(--be-primary))]" {...props} />
      {label}
    </label>
  );
}
