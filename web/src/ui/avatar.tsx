import clsx from 'clsx';
import { AVATAR_FALLBACK_COLOURS } from '@backbeat/common';

const COLOURS = [
  '#e11d48',
  '#ea580c',
  '#ca8a04',
  '#16a34a',
  '#0d9488',
  '#0284c7',
  '#4f46e5',
  '#9333ea',
  '#c026d3',
];

export function Avatar({
  name,
  image,
  id,
  size = 32,
}: {
  name: string;
  image?: string | null;
  id: number;
  size?: number;
}) {
  if (image) {
    return (
      <img
        src={image}
        alt=""
        width={size}
        height={size}
        className="shrink-0 rounded-full object-cover"
      />
    );
  }
  const colour = COLOURS[id % AVATAR_FALLBACK_COLOURS];
  return (
    <span
      aria-hidden="true"
      style={{ width: size, height: size, backgroundColor: colour, fontSize: size * 0.42 }}
      className={clsx(
        'inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white uppercase',
      )}
    >
      {name.trim().charAt(0) || '?'}
    </span>
  );
}
