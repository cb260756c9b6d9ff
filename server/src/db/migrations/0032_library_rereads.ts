import { sql, type Kysely } from 'kysely';

/**
 * What makes a scan read an unchanged library file again (issue 38): the scan skips a file
 * whose size and mtime did not change, so fields the scan learned to read later (migration
 * 0030: disc, size, bit rate, bit depth, MusicBrainz id) never reached the tracks of files
 * scanned before, and a side-car `.lrc` changed on its own was never seen.
 *
 * - `tags_version`: which version of the scan's reading the row's track was written by; a row
 *   below the code's `TAGS_VERSION` is read once more. Rows from before are 0, except those
 *   whose track already has the 0030 fields (read by a scan since then): version 1.
 * - `lyrics_stamp`: the size and mtime of the `.lrc` beside the file when it was read (null:
 *   none); a different one at the next scan reads the file again.
 *
 * And the radio stations link (issue 38) in menus stored before (seeded sites, or saved by an
 * admin), which would otherwise never show it: the sidebar's "Radio stations" and the phone
 * tab bar's "Radio", in the default menus' places (after Search / Your music), in each of
 * those menus that does not link to /radio-stations yet. The items are copied here:
 * migrations are frozen history.
 */
const RADIO = '/radio-stations';
const ADDED = new Map<string, { after: string[]; item: Record<string, unknown> }>([
  [
    'primary',
    {
      after: ['/search', '/'],
      item: {
        id: 'radio-stations',
        type: 'route',
        label: 'Radio stations',
        icon: 'radio',
        action: RADIO,
      },
    },
  ],
  [
    'mobile',
    {
      after: ['/library', '/search', '/'],
      item: { id: 'm-radio', type: 'route', label: 'Radio', icon: 'radio', action: RADIO },
    },
  ],
]);

interface StoredMenu {
  id: string;
  items: { id?: string; action?: string }[];
}

/** Stored menus with the radio link added where it is missing (null: nothing to change). */
function withRadioLink(stored: string): string | null {
  let menus: StoredMenu[];
  try {
    menus = JSON.parse(stored) as StoredMenu[];
  } catch {
    return null;
  }
  if (!Array.isArray(menus)) return null;
  let changed = false;
  for (const menu of menus) {
    const added = typeof menu?.id === 'string' ? ADDED.get(menu.id) : undefined;
    if (!added || !Array.isArray(menu.items)) continue;
    if (menu.items.some((item) => item?.action === RADIO)) continue;
    // After the first of its default neighbours the menu has, else at the end.
    const actions = menu.items.map((item) => item?.action);
    const neighbour = added.after.map((action) => actions.indexOf(action)).find((at) => at >= 0);
    const at = neighbour === undefined ? menu.items.length : neighbour + 1;
    menu.items.splice(at, 0, added.item);
    changed = true;
  }
  return changed ? JSON.stringify(menus) : null;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('library_files')
    .addColumn('tags_version', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('library_files').addColumn('lyrics_stamp', 'varchar(64)').execute();
  await sql`update library_files set tags_version = 1
    where track_id in (select id from tracks where file_size is not null)`.execute(db);
  const { rows } = await sql<{ value: string }>`
    SELECT value FROM settings WHERE name = 'menus'`.execute(db);
  const menus = rows[0]?.value ? withRadioLink(rows[0].value) : null;
  if (menus) await sql`UPDATE settings SET value = ${menus} WHERE name = 'menus'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The radio links stay in the menus: an admin may have edited them since.
  await db.schema.alterTable('library_files').dropColumn('lyrics_stamp').execute();
  await db.schema.alterTable('library_files').dropColumn('tags_version').execute();
}
