import { Link } from 'react-router';
import type { Album } from '@backbeat/common';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { buttonClass } from '../../ui/button.tsx';
import { Icon, isIconName, type IconName } from '../../ui/icons.tsx';
import { AlbumCard, CardGrid } from '../../entities/listings/media-cards.tsx';
import { useChannelQuery } from '../../entities/catalog/queries.ts';
import { MenuLink } from '../../entities/menus/menu-link.tsx';
import { useMenu } from '../../entities/menus/use-menu.ts';

/** The `landing-page-navbar` menu (spec §3 menu positions), across the top of the page. */
function LandingNavbar() {
  const trans = useTrans();
  const menu = useMenu('landing-page-navbar');
  if (!menu?.items.length) return null;
  return (
    <nav
      aria-label={trans(menu.name)}
      className="relative z-10 flex flex-wrap justify-center gap-x-6 gap-y-2 px-6 pt-6 text-sm font-medium"
    >
      {menu.items.map((item) => (
        <MenuLink
          key={item.id}
          item={item}
          className={() => 'text-fg-muted hover:text-fg hover:underline'}
        >
          {trans(item.label)}
        </MenuLink>
      ))}
    </nav>
  );
}

/** An icon by the name the editor stored, or the note when the name is unknown. */
const iconOf = (name: string | null): IconName => (isIconName(name) ? name : 'music');

/**
 * `landing`: what the site is, for someone who has not started listening yet. Its words,
 * buttons, background and features come from the appearance editor (bootstrap `landing`).
 */
export function LandingPage() {
  const trans = useTrans();
  const siteName = useBootstrap((d) => d.branding.site_name);
  const landing = useBootstrap((d) => d.landing);
  const user = useBootstrap((d) => d.user);
  // A signed-in listener is not asked to register again.
  const buttons = landing.action_buttons.filter((b) => !(user && b.action === '/register'));
  const popular = useChannelQuery('popular-albums');
  const albums =
    popular.data?.channel.content.type === 'albums'
      ? (popular.data.channel.content.data as Album[])
      : [];
  return (
    <div className="pb-16">
      <LandingNavbar />
      <section
        className="relative overflow-hidden bg-cover bg-center px-6 py-20 text-center md:py-28"
        style={
          landing.background_image
            ? { backgroundImage: `url(${JSON.stringify(landing.background_image)})` }
            : undefined
        }
      >
        <div
          aria-hidden="true"
          className={
            landing.background_image
              ? 'absolute inset-0 bg-bg/70'
              : 'absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgb(var(--be-primary)/0.35),transparent_60%)]'
          }
        />
        <div className="relative mx-auto max-w-3xl">
          <p className="text-sm font-semibold tracking-wider text-primary uppercase">{siteName}</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance md:text-6xl">
            {trans(landing.headline)}
          </h1>
          {landing.subtitle && (
            <p className="mx-auto mt-5 max-w-xl text-lg text-fg-muted">{trans(landing.subtitle)}</p>
          )}
          {buttons.length > 0 && (
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              {buttons.map((button, index) => {
                const className = buttonClass(button.style, 'lg');
                const label = (
                  <>
                    {index === 0 && button.style === 'primary' && <Icon name="play" size={22} />}
                    {trans(button.label)}
                  </>
                );
                return button.action.startsWith('/') ? (
                  <Link key={index} to={button.action} className={className}>
                    {label}
                  </Link>
                ) : (
                  <a key={index} href={button.action} className={className} rel="noopener">
                    {label}
                  </a>
                );
              })}
            </div>
          )}
        </div>
      </section>
      {landing.primary_features.length > 0 && (
        <section
          aria-label={trans('Features')}
          className="mx-auto grid max-w-5xl gap-4 px-6 sm:grid-cols-2"
        >
          {landing.primary_features.map((feature, index) => (
            <div key={index} className="flex gap-4 rounded-2xl border border-border bg-bg-alt p-6">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-primary">
                <Icon name={iconOf(feature.icon)} size={26} />
              </span>
              <div>
                <h2 className="font-bold">{trans(feature.title)}</h2>
                <p className="mt-1 text-sm text-fg-muted">{trans(feature.text)}</p>
              </div>
            </div>
          ))}
        </section>
      )}
      {landing.secondary_features.map((feature, index) => (
        <section
          key={index}
          className="mx-auto mt-16 flex max-w-5xl flex-col items-center gap-8 px-6 md:flex-row md:odd:flex-row-reverse"
        >
          {feature.image && (
            <img
              src={feature.image}
              alt=""
              loading="lazy"
              className="w-full max-w-md rounded-2xl border border-border object-cover"
            />
          )}
          <div className="flex-1">
            <h2 className="text-2xl font-bold md:text-3xl">{trans(feature.title)}</h2>
            <p className="mt-3 text-fg-muted">{trans(feature.text)}</p>
          </div>
        </section>
      ))}
      {albums.length > 0 && (
        <section className="mx-auto mt-16 max-w-6xl px-6">
          <h2 className="mb-3 text-2xl font-bold">{trans('Popular right now')}</h2>
          <CardGrid className="-mx-2">
            {albums.slice(0, 6).map((album) => (
              <AlbumCard key={album.id} album={album} />
            ))}
          </CardGrid>
        </section>
      )}
    </div>
  );
}
