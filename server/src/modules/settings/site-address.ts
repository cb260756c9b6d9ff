import { DomainError } from '../../lib/domain-errors.ts';
import type { SettingsService } from './service.ts';

export type SiteAddress = ReturnType<typeof createSiteAddress>;

/** A `Host` header worth pinning: a host name or address, with an optional port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export const SITE_ADDRESS_UNKNOWN =
  'The site’s address is not known yet, so no link can be sent. Open the site in a browser once, or set APP_URL.';

/**
 * The public address every link in an email, and `base_url`, is built from (issue 35, item 1):
 * never a request's `Host` as such, which anyone can forge. APP_URL when set. Otherwise the
 * address of the first page visit after the first start is stored (`site.url`, first write
 * wins across instances), and the first visit of an admin confirms it or puts its own in its
 * place, so a stranger who came first cannot keep it; an admin can also change it in Admin >
 * Settings > General, which confirms it too. Until then links go to the first visit's address.
 */
export function createSiteAddress(deps: {
  appUrl: string | null;
  settings: Pick<SettingsService, 'get' | 'claim' | 'set'>;
  /** Told when this instance stores an address (the console says what was pinned). */
  onPinned?: (address: string, by: 'visit' | 'admin') => void;
}) {
  /** Set once this instance knows the address is confirmed, so later visits cost nothing. */
  let settled = deps.appUrl !== null;

  async function current(): Promise<string | null> {
    return deps.appUrl ?? (await deps.settings.get('site.url'));
  }

  return {
    current,
    /** The address for a link that leaves the site (an email); refuses while none is known. */
    async require(): Promise<string> {
      const address = await current();
      if (!address) throw new DomainError('conflict', SITE_ADDRESS_UNKNOWN);
      return address;
    },
    /**
     * Called for page and API reads (GET) until an admin confirmed an address: stores the
     * visit's address when none is stored, and an admin's visit's address in any case.
     */
    async pinFrom(visit: { protocol: string; host: string; byAdmin: boolean }): Promise<void> {
      if (settled) return;
      if (await deps.settings.get('site.url_confirmed')) {
        settled = true;
        return;
      }
      if (!HOST.test(visit.host) || !/^https?$/.test(visit.protocol)) return;
      const address = `${visit.protocol}://${visit.host.toLowerCase()}`;
      if (visit.byAdmin) {
        const before = await deps.settings.get('site.url');
        await deps.settings.set({ 'site.url': address, 'site.url_confirmed': true });
        settled = true;
        if (before !== address) deps.onPinned?.(address, 'admin');
        return;
      }
      if (await deps.settings.get('site.url')) return;
      const stored = await deps.settings.claim('site.url', () => address);
      if (stored === address) deps.onPinned?.(address, 'visit');
    },
    /** False once an admin confirmed the address (or APP_URL is set): the hook can skip. */
    get unsettled(): boolean {
      return !settled;
    },
  };
}
