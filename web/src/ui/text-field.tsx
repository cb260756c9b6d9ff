import clsx from 'clsx';
import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  description?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, description, className, id, ...props }: TextFieldProps) {
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
        className={clsx(
          'h-[42px] rounded-lg border bg-bg-elevated px-3 text-sm text-fg outline-none transition-shadow',
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
