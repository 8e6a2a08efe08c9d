import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { organisations } from './schema';

const dataDir = mkdtempSync(join(tmpdir(), 'cairn-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('embedded PGlite', () => {
  it('keeps data under the data folder across a restart, and migrations run once', async () => {
    const first = await openDatabase({ databaseUrl: undefined, dataDir });
    await runMigrations(first);
    await first.db.insert(organisations).values({ slug: 'kept', name: 'Kept Clinic' });
    await first.close();

    const second = await openDatabase({ databaseUrl: undefined, dataDir });
    await runMigrations(second);
    const rows = await second.db.select().from(organisations).where(eq(organisations.slug, 'kept'));
    await second.close();
    expect(rows.map((row) => row.name)).toEqual(['Kept Clinic']);
  });
});
