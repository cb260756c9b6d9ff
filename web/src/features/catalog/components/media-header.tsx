import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Artwork } from './artwork.tsx';
import { Chip } from '../../../ui/chip.tsx';

/** The top of artist, album, track, playlist and radio pages. */
export function MediaHeader({
  image,
  round,
  eyebrow,
  title,
  meta,
  actions,
  fallbackIcon,
}: {
  image: string | null;
  round?: boolean;
  eyebrow: ReactNode;
  title: string;
  meta?: ReactNode;
  actions?: ReactNode;
  fallbackIcon?: 'album' | 'person' | 'music' | 'radio' | 'tag';
}) {
  return (
    <header className="relative overflow-hidden">
      {image && (
        <div aria-hidden="true" className="absolute inset-0 -z-0 opacity-40 blur-3xl saturate-150">
          <img src={image} alt="" className="h-full w-full scale-125 object-cover" />
        </div>
      )}
      <div
        className="absolute inset-0 bg-gradient-to-b from-transparent to-bg"
        aria-hidden="true"
      />
      <div className="relative flex flex-col items-center gap-6 px-4 pt-8 pb-6 text-center md:flex-row md:items-end md:px-8 md:pt-12 md:text-left">
        <Artwork
          src={image}
          rounded={round ? 'full' : 'lg'}
          fallbackIcon={fallbackIcon ?? (round ? 'person' : 'album')}
          className={clsx('size-44 shadow-2xl md:size-56')}
        />
        <div className="flex min-w-0 flex-col gap-2">
          <p className="text-xs font-semibold tracking-wider text-fg-muted uppercase">{eyebrow}</p>
          <h1 className="text-3xl font-extrabold tracking-tight text-balance text-fg md:text-5xl">
            {title}
          </h1>
          {meta && <div className="text-sm text-fg-muted">{meta}</div>}
          {actions && (
            <div className="mt-3 flex flex-wrap items-center justify-center gap-2 md:justify-start">
              {actions}
            </div>
          )}
        </div>
      </div>
    </header>
  );
}

export function Chips({
  items,
  label,
}: {
  items: { key: string | number; label: string; to: string }[];
  label: string;
}) {
  if (!items.length) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item.key}>
          <Chip to={item.to} size="md">
            {item.label}
          </Chip>
        </li>
      ))}
    </ul>
  );
}
