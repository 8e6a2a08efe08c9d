import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisations } from '../../db/schema';
import { hashPassword, newTotpSecret, insertUser, type NewUser } from '../auth';

export const DEMO_ORGANISATION = { slug: 'demo', name: 'Cairn Demo Clinic' } as const;

/** One line of `<CAIRN_DATA_DIR>/demo-accounts.json`. */
export interface DemoAccount {
  username: string;
  password: string;
  role: 'provider' | 'coder' | 'admin' | 'quality';
  totpSecret?: string;
}

interface DemoUser extends Omit<NewUser, 'organisationId' | 'passwordHash' | 'email'> {
  role: DemoAccount['role'];
}

const DEMO_USERS: DemoUser[] = [
  {
    role: 'provider',
    username: 'demo.provider',
    firstName: 'Maya',
    lastName: 'Rivera',
    view: 'Provider',
    permissions: ['hcc_dashboard', 'quality_tool'],
  },
  {
    role: 'coder',
    username: 'demo.coder',
    firstName: 'Sam',
    lastName: 'Okafor',
    view: 'Coder',
    permissions: ['hcc_dashboard'],
  },
  {
    role: 'admin',
    username: 'demo.admin',
    firstName: 'Alex',
    lastName: 'Chen',
    view: 'Provider',
    isAdmin: true,
    // Spec §6: the apps menu offers the admin tool on an explicit grant only, not on an admin's blanket permissions.
    permissions: ['admin_tool'],
  },
  {
    role: 'provider',
    username: 'demo.provider.totp',
    firstName: 'Lena',
    lastName: 'Novak',
    view: 'Provider',
    permissions: ['hcc_dashboard'],
  },
  {
    // A quality lead: the Quality Workspace over the whole organisation (a coder's scope; linked to no provider).
    role: 'quality',
    username: 'demo.quality',
    firstName: 'Jordan',
    lastName: 'Ellis',
    view: 'Coder',
    permissions: ['quality_tool', 'hcc_dashboard'],
  },
];

/**
 * Creates the demo organisation and its accounts the first time the server starts, each with a
 * generated password (and one with TOTP enrolled), and writes them to `demo-accounts.json` readable
 * by the owner only. Returns the accounts when it created them, nothing when they already exist.
 */
export async function seedDemoAccounts(db: Db, dataDir: string): Promise<DemoAccount[] | undefined> {
  const [existing] = await db.select().from(organisations).where(eq(organisations.slug, DEMO_ORGANISATION.slug));
  if (existing) return undefined;
  const [organisation] = await db.insert(organisations).values(DEMO_ORGANISATION).returning();
  if (!organisation) throw new Error('demo organisation not created');

  const accounts: DemoAccount[] = [];
  for (const { role, ...user } of DEMO_USERS) {
    const password = randomBytes(12).toString('base64url');
    const totpSecret = user.username.endsWith('.totp') ? newTotpSecret() : undefined;
    await insertUser(db, {
      ...user,
      organisationId: organisation.id,
      email: `${user.username}@demo.cairn.test`,
      passwordHash: await hashPassword(password),
      totpSecret: totpSecret ?? null,
      isTotpEnabled: totpSecret !== undefined,
      termsAcceptedAt: new Date(),
    });
    accounts.push({ username: user.username, password, role, ...(totpSecret ? { totpSecret } : {}) });
  }
  await mkdir(dataDir, { recursive: true });
  await writeFile(join(dataDir, 'demo-accounts.json'), `${JSON.stringify(accounts, null, 2)}\n`, { mode: 0o600 });
  return accounts;
}

/** The accounts as a newcomer reads them at the end of `npm start`'s first output. */
export function formatDemoAccounts(accounts: DemoAccount[], dataDir: string): string {
  const lines = accounts.map(
    (account) =>
      `  ${account.role.padEnd(8)} ${account.username.padEnd(20)} ${account.password}${account.totpSecret ? `   (TOTP secret ${account.totpSecret})` : ''}`,
  );
  return ['Demo sign-in accounts (shown once; also in ' + join(dataDir, 'demo-accounts.json') + '):', ...lines].join(
    '\n',
  );
}
