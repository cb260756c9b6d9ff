// `npm run settings -- list | get <name> | set <name> <value>`: reads and changes runtime
// settings (SMTP, social login, reCAPTCHA, registration…) until the admin area edits them.
// `backup` and `restore` are the commands of npm run backup / restore (backup-cli.ts).
import { runBackupCommand, runRestoreCommand } from './backup-cli.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrations/index.ts';
import { SETTING_DEFAULTS, isSettingName } from './modules/settings/defaults.ts';
import { createSettingsService } from './modules/settings/service.ts';

/** Values are JSON when they parse as JSON (true, 587, null, {"a":1}), else plain strings. */
function parseValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

async function main(args: string[]): Promise<number> {
  const [command, name, ...rest] = args;
  if (command === 'backup') return runBackupCommand(args.slice(1));
  if (command === 'restore') return runRestoreCommand(args.slice(1));
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const settings = createSettingsService(database.db);
    if (command === 'list') {
      for (const [key, value] of Object.entries(await settings.all())) {
        if (key === 'menus') continue;
        const secret = /password|secret/.test(key) && value;
        console.info(`${key} = ${secret ? '"••••••"' : JSON.stringify(value)}`);
      }
      return 0;
    }
    if ((command === 'get' || command === 'set') && name) {
      if (!isSettingName(name)) {
        console.error(`Unknown setting "${name}". Run "npm run settings -- list" to see them all.`);
        return 2;
      }
      if (command === 'set') {
        const value = parseValue(rest.join(' '));
        const expected = typeof SETTING_DEFAULTS[name];
        if (SETTING_DEFAULTS[name] !== null && value !== null && typeof value !== expected) {
          console.error(`"${name}" takes a ${expected} value.`);
          return 2;
        }
        await settings.set({ [name]: value });
      }
      console.info(`${name} = ${JSON.stringify(await settings.get(name))}`);
      return 0;
    }
    console.error('Usage: npm run settings -- list | get <name> | set <name> <value>');
    return 2;
  } finally {
    await database.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
