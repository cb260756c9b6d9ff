import { sql, type Kysely } from 'kysely';

/**
 * Issue 36.2: nothing linked to /pricing, so a billing site's plans could only be found by
 * typing their address. The default menus now carry a "Plans" item (sidebar, for whoever is
 * not subscribed; footer), shown only while subscriptions are on. Menus stored before (seeded
 * sites, or saved by an admin) take the items too, in the default menus' places, unless they
 * already link to /pricing. The items are copied here: migrations are frozen history.
 */
const ADDED: Record<string, Record<string, unknown>> = {
  primary: {
    id: 'pricing',
    type: 'route',
    label: 'Plans',
    icon: 'verified',
    action: '/pricing',
    settings: ['billing.enable'],
    subscriptionStatus: 'notSubscribed',
  },
  footer: {
    id: 'f-pricing',
    type: 'route',
    label: 'Plans',
    action: '/pricing',
    settings: ['billing.enable'],
  },
};

interface StoredMenu {
  id: string;
  items: { action?: string }[];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ value: string }>`
    SELECT value FROM settings WHERE name = 'menus'`.execute(db);
  const stored = rows[0]?.value;
  if (!stored) return;
  let menus: StoredMenu[];
  try {
    menus = JSON.parse(stored) as StoredMenu[];
  } catch {
    return;
  }
  if (!Array.isArray(menus)) return;
  const linked = menus.some((menu) => menu.items?.some((item) => item.action === '/pricing'));
  if (linked) return;
  let changed = false;
  for (const menu of menus) {
    const item = ADDED[menu.id];
    if (!item || !Array.isArray(menu.items)) continue;
    menu.items.push(item);
    changed = true;
  }
  if (!changed) return;
  await sql`UPDATE settings SET value = ${JSON.stringify(menus)} WHERE name = 'menus'`.execute(db);
}

export async function down(): Promise<void> {
  // The items stay: an admin may have edited the menus since.
}
