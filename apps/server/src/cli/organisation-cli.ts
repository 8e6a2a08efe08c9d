// `npm run --silent organisation -- --slug SLUG --name NAME --admin-username USER --admin-email EMAIL
// [--admin-first-name F] [--admin-last-name L]`: creates an organisation and its first admin in the
// configured database and prints the admin's invitation link (single use, 72 hours), where they choose
// their password; everything else is done in the admin tool (/admin). The last line of stdout is
// `{"organisationId","adminUserId","invitationLink","expiresAt"}`. Exit 1 on a usage error or a refusal.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { AppError } from '../lib/app-error';
import { createOrganisationWithAdmin } from '../modules/users';

const USAGE =
  'Usage: npm run --silent organisation -- --slug SLUG --name NAME --admin-username USER --admin-email EMAIL [--admin-first-name F] [--admin-last-name L]';

class UsageError extends Error {}

async function main(argv: string[]): Promise<void> {
  const { values } = parseCommandLine(argv);
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  try {
    await runMigrations(database);
    const created = await createOrganisationWithAdmin(
      database.db,
      {
        slug: values.slug ?? '',
        name: values.name ?? '',
        admin: {
          username: values['admin-username'] ?? '',
          email: values['admin-email'] ?? '',
          firstName: values['admin-first-name'],
          lastName: values['admin-last-name'],
        },
      },
      { publicOrigin: new URL(config.apiUrl).origin },
    );
    process.stderr.write(
      `Organisation ${values.slug ?? ''} created. Its first admin chooses a password at:\n  ${created.invitationLink}\n`,
    );
    process.stdout.write(`${JSON.stringify({ ...created, expiresAt: created.expiresAt.toISOString() })}\n`);
  } finally {
    await database.close();
  }
}

function parseCommandLine(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        slug: { type: 'string' },
        name: { type: 'string' },
        'admin-username': { type: 'string' },
        'admin-email': { type: 'string' },
        'admin-first-name': { type: 'string' },
        'admin-last-name': { type: 'string' },
      },
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n${USAGE}\n`);
  } else if (error instanceof AppError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Failed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exitCode = 1;
}
