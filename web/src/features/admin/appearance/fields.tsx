import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTrans } from '../../../lib/translator.ts';
import { Icon } from '../../../ui/icons.tsx';
import { TextArea, TextField } from '../../../ui/text-field.tsx';
import { useAppearanceEditor } from './editor-store.ts';

export type Path = (string | number)[];

/** The value at `path` inside a draft. */
export function getAt(root: unknown, path: Path): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/** A copy of `root` with `value` at `path`; what it does not touch is shared. */
export function setAt<T>(root: T, path: Path, value: unknown): T {
  if (!path.length) return value as T;
  const [key, ...rest] = path;
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<
    string | number,
    unknown
  >;
  copy[key!] = setAt(copy[key!], rest, value);
  return copy as T;
}

/** Reads and writes one field of the draft, with the last save's error for it. */
export function useDraftField<T>(path: Path): [T, (value: T) => void, string | undefined] {
  const value = useAppearanceEditor((s) => getAt(s.draft, path)) as T;
  const error = useAppearanceEditor((s) => s.errors[path.join('.')]);
  const change = useAppearanceEditor((s) => s.change);
  return [value, (next: T) => change((draft) => setAt(draft, path, next)), error];
}

export function DraftTextField({
  path,
  label,
  description,
  type = 'text',
  nullable = false,
}: {
  path: Path;
  label: string;
  description?: string;
  type?: 'text' | 'url';
  /** Stores an emptied field as null (optional addresses). */
  nullable?: boolean;
}) {
  const [value, setValue, error] = useDraftField<string | null>(path);
  return (
    <TextField
      label={label}
      type={type === 'url' ? 'text' : type}
      inputMode={type === 'url' ? 'url' : undefined}
      value={value ?? ''}
      onChange={(event) => setValue(nullable && !event.target.value ? null : event.target.value)}
      error={error}
      description={description}
      size="sm"
    />
  );
}

export function DraftTextArea({
  path,
  label,
  description,
  rows,
  code = false,
}: {
  path: Path;
  label: string;
  description?: string;
  rows?: number;
  /** Monospaced, without spell checking (CSS, HTML). */
  code?: boolean;
}) {
  const [value, setValue, error] = useDraftField<string>(path);
  const id = `draft-${path.join('-')}`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <TextArea
        id={id}
        rows={rows}
        value={value ?? ''}
        spellCheck={!code}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        className={code ? 'font-mono text-xs' : undefined}
      />
      <p id={`${id}-hint`} className={error ? 'text-xs text-danger' : 'text-xs text-fg-muted'}>
        {error ?? description}
      </p>
    </div>
  );
}

/** A section's heading with the way back up the editor's tree. */
export function SectionHeader({ title, back }: { title: string; back: string }) {
  const trans = useTrans();
  return (
    <div className="flex items-center gap-2">
      <Link
        to={back}
        relative="path"
        className="rounded-full p-1.5 text-fg-muted hover:bg-bg-hover hover:text-fg"
        aria-label={trans('Back')}
      >
        <Icon name="chevronLeft" size={20} />
      </Link>
      <h2 className="text-lg font-semibold">{title}</h2>
    </div>
  );
}

export function SectionBody({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-4">{children}</div>;
}

/** A row that opens a deeper part of the editor. */
export function SectionLink({
  to,
  label,
  hint,
  bare = false,
}: {
  to: string;
  label: string;
  hint?: string;
  /** Without its own border, inside a row that has one. */
  bare?: boolean;
}) {
  return (
    <Link
      to={to}
      className={clsx(
        'flex items-center justify-between gap-3 rounded-lg px-4 py-3 text-sm hover:bg-bg-hover focus-visible:outline-2 focus-visible:outline-primary',
        !bare && 'border border-border',
      )}
    >
      <span className="min-w-0">
        <span className="block truncate font-medium">{label}</span>
        {hint && <span className="block truncate text-xs text-fg-muted">{hint}</span>}
      </span>
      <Icon name="chevronRight" size={18} className="shrink-0 text-fg-muted" />
    </Link>
  );
}
