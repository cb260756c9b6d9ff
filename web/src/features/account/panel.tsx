import clsx from 'clsx';
import type { ReactNode } from 'react';

export function Panel({
  id,
  title,
  description,
  children,
  danger,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={clsx(
        'scroll-mt-24 rounded-2xl border bg-bg-elevated p-5 md:p-6',
        danger ? 'border-danger/40' : 'border-border',
      )}
    >
      <h2
        id={`${id}-title`}
        className={clsx('text-lg font-semibold', danger ? 'text-danger' : 'text-fg')}
      >
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-fg-muted">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
