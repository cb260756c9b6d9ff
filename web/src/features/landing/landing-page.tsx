import { Link } from 'react-router';
import type { Album } from '@backbeat/common';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { buttonClass } from '../../ui/button.tsx';
import { Icon, type IconName } from '../../ui/icons.tsx';
import { AlbumCard, CardGrid } from '../catalog/components/media-cards.tsx';
import { useChannelQuery } from '../catalog/queries.ts';
import { MenuLink } from '../menus/menu-link.tsx';
import { useMenu } from '../menus/use-menu.ts';

const FEATURES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'music',
    title: 'Stream the whole catalog',
    text: 'Artists, albums and playlists, with lyrics that follow along.',
  },
  {
    icon: 'radio',
    title: 'Endless radio',
    text: 'Start a station from any artist, track or genre and let it play.',
  },
  {
    icon: 'queue',
    title: 'Your queue, your way',
    text: 'Play next, reorder by dragging, and pick up where you left off.',
  },
  {
    icon: 'devices',
    title: 'Everywhere you are',
    text: 'On your phone, your laptop and the lock screen, with media keys.',
  },
];

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

/** `landing`: what the site is, for someone who has not started listening yet. */
export function LandingPage() {
  const trans = useTrans();
  const siteName = useBootstrap((d) => d.branding.site_name);
  const user = useBootstrap((d) => d.user);
  const popular = useChannelQuery('popular-albums');
  const albums =
    popular.data?.channel.content.type === 'albums'
      ? (popular.data.channel.content.data as Album[])
      : [];
  return (
    <div className="pb-16">
      <LandingNavbar />
      <section className="relative overflow-hidden px-6 py-20 text-center md:py-28">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgb(var(--be-primary)/0.35),transparent_60%)]"
        />
        <div className="relative mx-auto max-w-3xl">
          <p className="text-sm font-semibold tracking-wider text-primary uppercase">{siteName}</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance md:text-6xl">
            {trans('Music for every moment')}
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-lg text-fg-muted">
            {trans(
              'Listen to artists, albums and radio stations, and build a library that is all yours.',
            )}
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/" className={buttonClass('primary', 'lg')}>
              <Icon name="play" size={22} />
              {trans('Start listening')}
            </Link>
            {!user && (
              <Link to="/register" className={buttonClass('outline', 'lg')}>
                {trans('Create a free account')}
              </Link>
            )}
          </div>
        </div>
      </section>
      <section
        aria-label={trans('Features')}
        className="mx-auto grid max-w-5xl gap-4 px-6 sm:grid-cols-2"
      >
        {FEATURES.map((feature) => (
          <div
            key={feature.title}
            className="flex gap-4 rounded-2xl border border-border bg-bg-alt p-6"
          >
            <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-primary">
              <Icon name={feature.icon} size={26} />
            </span>
            <div>
              <h2 className="font-bold">{trans(feature.title)}</h2>
              <p className="mt-1 text-sm text-fg-muted">{trans(feature.text)}</p>
            </div>
          </div>
        ))}
      </section>
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
