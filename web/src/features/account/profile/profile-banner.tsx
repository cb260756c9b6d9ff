import clsx from 'clsx';

/** The banner without a header image: the theme's colour fading into the page. */
export function ProfileBannerFallback({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={clsx(
        'size-full bg-gradient-to-br from-primary/70 via-primary/30 to-bg-alt',
        className,
      )}
    >
      <div className="size-full bg-[radial-gradient(circle_at_80%_20%,rgb(255_255_255/0.18),transparent_55%)]" />
    </div>
  );
}

/** A profile's wide header image, or the gradient when there is none. */
export function ProfileBanner({ image }: { image: string | null }) {
  return (
    <div className="relative h-32 w-full overflow-hidden sm:h-44 md:h-56">
      {image ? (
        <>
          <img
            src={image}
            alt=""
            data-testid="profile-header-image"
            className="absolute inset-0 size-full object-cover"
          />
          {/* Sets the overlapping avatar apart from any picture. */}
          <div
            aria-hidden="true"
            className="absolute inset-0 bg-gradient-to-t from-black/30 via-transparent to-transparent"
          />
        </>
      ) : (
        <ProfileBannerFallback />
      )}
    </div>
  );
}
