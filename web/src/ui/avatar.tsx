import clsx from 'clsx';
import { avatarColour, avatarInitials } from './avatar-fallback.ts';

/** A user's picture, or their initials on one of 9 colours (spec §9). */
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
  const initials = avatarInitials(name);
  return (
    <span
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        backgroundColor: avatarColour(id),
        fontSize: size * (initials.length > 1 ? 0.36 : 0.42),
      }}
      className={clsx(
        'inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white uppercase',
      )}
    >
      {initials}
    </span>
  );
}
