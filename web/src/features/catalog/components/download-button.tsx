import { hasPermission } from '@backbeat/common';
import { downloadTrack } from '@backbeat/common/contracts';
import { apiUrl } from '../../../lib/api.ts';
import { useBootstrap } from '../../../lib/bootstrap.ts';
import { useTrans } from '../../../lib/translator.ts';
import { buttonClass } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';

/** Shown when the player settings allow downloads and the viewer may download music. */
export function DownloadButton({ trackId }: { trackId: number }) {
  const trans = useTrans();
  const allowed = useBootstrap((d) => d.settings.player.enable_download);
  const user = useBootstrap((d) => d.user);
  const guestPermissions = useBootstrap((d) => d.guest_role?.permissions ?? []);
  if (!allowed || !hasPermission({ user, guestPermissions }, 'music.download')) return null;
  return (
    <a
      href={apiUrl(downloadTrack, { id: trackId })}
      download
      aria-label={trans('Download')}
      title={trans('Download')}
      className={buttonClass('text', 'lg')}
    >
      <Icon name="download" size={20} />
    </a>
  );
}
