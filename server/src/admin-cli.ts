// `npm run admin -- reset-password <email> | create <email>`: for owners locked out of their
// site. Both print a new random password once, last, in a box.
import { randomBytes } from 'node:crypto';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrations/index.ts';
import { seed } from './seed/index.ts';
import { createFileLogs } from './logging/file-logs.ts';
import { closeServices, createServices } from './services.ts';

const USAGE = 'Usage: npm run admin -- reset-password <email> | create <email>';
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** The lines framed, so a password stands out of the surrounding output. */
export function boxed(lines: string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const edge = '─'.repeat(width + 2);
  return [`┌${edge}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${edge}┘`].join('\n');
}

async function main(args: string[]): Promise<number> {
  const [command, rawEmail, ...extra] = args;
  const email = rawEmail?.trim().toLowerCase() ?? '';
  if (
    !(command === 'reset-password' || command === 'create') ||
    !EMAIL.test(email) ||
    extra.length
  ) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase(config.database);
  const services = createServices(config, database, createFileLogs(config.storagePath));
  try {
    await migrateToLatest(database.db);
    const password = randomBytes(12).toString('base64url');
    // Roles and permissions must exist first; on an empty database this makes the admin.
    const { createdAdmin } = await seed(services, {
      ...config,
      admin: { email, password },
    });
    const existing = createdAdmin ? undefined : await services.users.findRowByEmail(email);
    if (createdAdmin) {
      console.info(`The database had no accounts: admin account ${email} created.`);
    } else if (command === 'reset-password') {
      if (!existing) {
        console.error(`No account has the email ${email}. Use "npm run admin -- create ${email}".`);
        return 1;
      }
      await services.auth.replacePassword(existing.id, password);
      console.info(`The password of ${email} was replaced and every session of it ended.`);
    } else {
      if (existing) {
        console.error(
          `An account with the email ${email} exists. Use "npm run admin -- reset-password ${email}".`,
        );
        return 1;
      }
      await services.users.createUser({ email, password, name: 'Admin', roleNames: ['admin'] });
      console.info(`Admin account ${email} created.`);
    }
    console.info(boxed([`email:    ${email}`, `password: ${password}`]));
    return 0;
  } finally {
    await closeServices(services, 0);
    await database.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
