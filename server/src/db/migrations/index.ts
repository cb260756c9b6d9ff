import { DEFAULT_MIGRATION_TABLE, PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';
import type { Db } from '../database.ts';
import * as foundation from './0001_foundation.ts';
import * as accounts from './0002_accounts.ts';
import * as catalog from './0003_catalog.ts';
import * as notificationsWorkspaces from './0004_notifications_workspaces.ts';
import * as library from './0005_library.ts';
import * as collaborativePlaylists from './0006_collaborative_playlists.ts';
import * as profiles from './0007_profiles.ts';
import * as searchByPopularity from './0008_search_by_popularity.ts';
import * as playlistPositionsFromOne from './0009_playlist_positions_from_one.ts';
import * as fileEntries from './0010_file_entries.ts';
import * as mediaPipeline from './0011_media_pipeline.ts';
import * as backstage from './0012_backstage.ts';
import * as playRollups from './0013_play_rollups.ts';
import * as admin from './0014_admin.ts';
import * as siteContent from './0015_site_content.ts';
import * as billing from './0016_billing.ts';
import * as libraryFolders from './0017_library_folders.ts';
import * as subsonic from './0018_subsonic.ts';
import * as gapless from './0019_gapless.ts';
import * as libraryAccess from './0020_library_access.ts';
import * as searchIdsInRowid from './0021_search_ids_in_rowid.ts';
import * as searchIndexPerKind from './0022_search_index_per_kind.ts';
import * as seoTemplatesWithoutOwner from './0023_seo_templates_without_owner.ts';
import * as pricingInMenus from './0024_pricing_in_menus.ts';
import * as bookmarks from './0026_bookmarks.ts';
import * as sharesAndInternetRadio from './0027_shares_and_internet_radio.ts';
import * as transcoding from './0028_transcoding.ts';
import * as backups from './0029_backups.ts';
import * as trackDiscs from './0030_track_discs.ts';
import * as libraryAnalysis from './0031_library_analysis.ts';
import * as libraryRereads from './0032_library_rereads.ts';
import * as pagingIndexes from './0033_paging_indexes.ts';
import * as keysetIndexes from './0034_keyset_indexes.ts';
import * as albumSortKeys from './0035_album_sort_keys.ts';
import * as linkListKeys from './0036_link_list_keys.ts';

/** Ordered list of every migration; names sort in the order they must run. */
const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_accounts': accounts,
  '0003_catalog': catalog,
  '0004_notifications_workspaces': notificationsWorkspaces,
  '0005_library': library,
  '0006_collaborative_playlists': collaborativePlaylists,
  '0007_profiles': profiles,
  '0008_search_by_popularity': searchByPopularity,
  '0009_playlist_positions_from_one': playlistPositionsFromOne,
  '0010_file_entries': fileEntries,
  '0011_media_pipeline': mediaPipeline,
  '0012_backstage': backstage,
  '0013_play_rollups': playRollups,
  '0014_admin': admin,
  '0015_site_content': siteContent,
  '0016_billing': billing,
  '0017_library_folders': libraryFolders,
  '0018_subsonic': subsonic,
  '0019_gapless': gapless,
  '0020_library_access': libraryAccess,
  '0021_search_ids_in_rowid': searchIdsInRowid,
  '0022_search_index_per_kind': searchIndexPerKind,
  '0023_seo_templates_without_owner': seoTemplatesWithoutOwner,
  '0024_pricing_in_menus': pricingInMenus,
  '0026_bookmarks': bookmarks,
  '0027_shares_and_internet_radio': sharesAndInternetRadio,
  '0028_transcoding': transcoding,
  '0029_backups': backups,
  '0030_track_discs': trackDiscs,
  '0031_library_analysis': libraryAnalysis,
  '0032_library_rereads': libraryRereads,
  '0033_paging_indexes': pagingIndexes,
  '0034_keyset_indexes': keysetIndexes,
  '0035_album_sort_keys': albumSortKeys,
  '0036_link_list_keys': linkListKeys,
};

/**
 * The migrations a start runs share one transaction, their records included (issue 35, item 3;
 * issue 39.4): a start killed or failing in the middle leaves the database as it was, on
 * SQLite too (Kysely's Migrator runs SQLite's DDL outside any transaction, and a start killed
 * there bricked the database: "table likes already exists"). The records stay in Kysely's
 * table and shape, so databases migrated before read the same. Names run in sorted order,
 * each one missing is run (0017 landed after 0018: databases with 0018 still take 0017).
 */
const NAMES = Object.keys(migrations).sort();
/** The advisory lock several PostgreSQL instances starting at once take turns on. */
const POSTGRES_LOCK = 0x6b62_6d67;

/**
 * Runs `work` again when SQLite answers SQLITE_BUSY, up to `attempts` times (as
 * db/sqlite-busy.ts does; a migration carries its own helpers, so this is a copy).
 */
const isSqliteBusy = (error: unknown) =>
  String((error as { code?: unknown }).code ?? '').startsWith('SQLITE_BUSY');

async function retriedWhileSqliteBusy<T>(work: () => Promise<T>, attempts: number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isSqliteBusy(error) || attempt >= attempts) throw error;
    }
  }
}

/**
 * A migration that could not run (issue 39.4). The upgrade's transaction, the records of the
 * migrations before it in this start included, is rolled back, so the database stays as it
 * was, and the start stops here.
 */
export class MigrationFailed extends Error {
  constructor(
    readonly migration: string,
    readonly reason: unknown,
  ) {
    super(
      `The database upgrade stopped at migration ${migration}: ${
        reason instanceof Error ? reason.message : String(reason)
      }. Nothing of this upgrade was applied; the database is as it was before this start. Fix the cause (or restore a backup with npm run restore) and start again.`,
    );
    this.name = 'MigrationFailed';
  }
}

async function runMigrations(db: Db, names: readonly string[]): Promise<string[]> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const table = sql.table(DEFAULT_MIGRATION_TABLE);
  const takeTurn = async (trx: Db) => {
    if (postgres) await sql`select pg_advisory_xact_lock(${POSTGRES_LOCK})`.execute(trx);
  };
  // Retried as the upgrade below is: a start that read no table yet while another created it
  // and began its upgrade needs the write lock here too, and on SQLite waits that upgrade out.
  await retriedWhileSqliteBusy(
    () =>
      db.transaction().execute(async (trx) => {
        await takeTurn(trx);
        await sql`create table if not exists ${table} (name varchar(255) not null primary key, timestamp varchar(255) not null)`.execute(
          trx,
        );
      }),
    12,
  );
  // One transaction for every migration this start runs, each one's record included (issues
  // 35 and 39.4): a start killed or failing in the middle leaves the database as it was before
  // the start, never part-way through an upgrade that the code of neither version expects.
  /** The migration running now: the one a failure is reported at. */
  let current = names[0] ?? '(none)';
  const upgrade = async (trx: Db) => {
    await takeTurn(trx);
    const applied: string[] = [];
    for (const name of names) {
      current = name;
      // The record comes first, and a process that finds it there already skips the migration
      // (another ran it meanwhile). On SQLite this write also takes the database's write lock
      // before the transaction has read anything, waiting out another process's migration
      // (busy_timeout); a read first would fail with "database is locked" once that one
      // committed, as SQLite cannot upgrade a transaction whose snapshot is stale.
      const { rows } = await sql`insert into ${table} (name, timestamp)
        values (${name}, ${new Date().toISOString()}) on conflict (name) do nothing
        returning name`.execute(trx);
      if (!rows.length) continue;
      await migrations[name]!.up(trx as unknown as Kysely<unknown>);
      applied.push(name);
    }
    return applied;
  };
  try {
    // SQLite's busy timeout (5 s) is a wait for one lock, not a turn: a second start can wait
    // out the first's whole upgrade; it tries again, for up to a minute.
    return await retriedWhileSqliteBusy(() => db.transaction().execute(upgrade), 12);
  } catch (error) {
    throw new MigrationFailed(current, error);
  }
}

/**
 * Whether every migration is recorded already: what almost every start finds. Kysely's migrator
 * first reads the metadata of every table (its check that its own table exists), about 20 ms of
 * the start on SQLite (issue 22); one query answers the usual case.
 */
async function allApplied(db: Db): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(
      DEFAULT_MIGRATION_TABLE,
    )}`.execute(db);
    const recorded = new Set(rows.map((row) => row.name));
    return Object.keys(migrations).every((name) => recorded.has(name));
  } catch {
    // No migration table yet: a new database.
    return false;
  }
}

/** Every migration this code knows, in the order they run. */
export const MIGRATION_NAMES: readonly string[] = NAMES;

/** The migrations a database has recorded, in order (none for a new database). */
export async function appliedMigrations(db: Db): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(
      DEFAULT_MIGRATION_TABLE,
    )} order by name`.execute(db);
    return rows.map((row) => row.name);
  } catch {
    return [];
  }
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  if (await allApplied(db)) return [];
  return runMigrations(db, NAMES);
}

/** Up to and including `name`: a database as an older version left it (migration tests). */
export async function migrateUpTo(db: Db, name: string): Promise<string[]> {
  const last = NAMES.indexOf(name);
  if (last === -1) throw new Error(`No migration is named ${name}.`);
  return runMigrations(db, NAMES.slice(0, last + 1));
}
