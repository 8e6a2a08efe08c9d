import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { seedDemoAccounts, type DemoAccount } from './demo-accounts';

/**
 * The embedded default's demo: the organisation and its accounts on first start, and its patients and
 * schedule. Answers the accounts when it created them.
 */
export async function seedDemo(db: Db, config: Config): Promise<DemoAccount[] | undefined> {
  return seedDemoAccounts(db, config.dataDir);
}
