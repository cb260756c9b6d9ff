import { useBootstrap } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { Icon } from '../../ui/icons.tsx';

function greeting(hour: number): string {
  if (hour < 5) return 'Good night';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

export function HomePage() {
  const trans = useTrans();
  const user = useBootstrap((d) => d.user);
  const siteName = useBootstrap((d) => d.branding.site_name);
  return (
    <div className="px-4 py-6 md:px-8 md:py-10">
      <section className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-primary/90 to-primary/50 p-8 text-on-primary md:p-12">
        <p className="text-sm font-semibold tracking-wider uppercase opacity-80">{siteName}</p>
        <h1 className="mt-2 text-3xl font-extrabold md:text-5xl">
          {user
            ? trans(':greeting, :name', {
                greeting: trans(greeting(new Date().getHours())),
                name: user.name,
              })
            : trans('Music for every moment')}
        </h1>
        <p className="mt-3 max-w-xl text-base opacity-90 md:text-lg">
          {trans('Stream artists, albums and playlists, and build a library that is all yours.')}
        </p>
        <Icon
          name="music"
          size={180}
          className="pointer-events-none absolute -right-6 -bottom-10 opacity-15"
        />
      </section>
      <section className="mt-10 flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-14 text-center">
        <Icon name="album" size={40} className="text-fg-muted" />
        <h2 className="text-lg font-semibold">{trans('Nothing to play yet')}</h2>
        <p className="max-w-md text-sm text-fg-muted">
          {trans(
            'New releases, popular tracks and your favourite artists will show up here once the catalog has music.',
          )}
        </p>
      </section>
    </div>
  );
}
