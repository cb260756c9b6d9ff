import clsx from 'clsx';
import { useState } from 'react';
import { Icon, type IconName } from '../../ui/icons.tsx';

/** Cover art with a quiet placeholder while missing or broken. */
export function Artwork({
  src,
  size,
  className,
  rounded = 'md',
  fallbackIcon = 'music',
  alt = '',
}: {
  src: string | null | undefined;
  size?: number;
  className?: string;
  rounded?: 'md' | 'lg' | 'full';
  fallbackIcon?: IconName;
  alt?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const radius =
    rounded === 'full' ? 'rounded-full' : rounded === 'lg' ? 'rounded-xl' : 'rounded-md';
  const style = size ? { width: size, height: size } : undefined;
  if (!src || failed === src) {
    return (
      <span
        style={style}
        className={clsx(
          'flex shrink-0 items-center justify-center bg-bg-hover text-fg-muted',
          radius,
          className,
        )}
      >
        <Icon name={fallbackIcon} size={size ? Math.max(16, size * 0.4) : 32} />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      style={style}
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setFailed(src)}
      className={clsx('shrink-0 bg-bg-hover object-cover', radius, className)}
    />
  );
}
