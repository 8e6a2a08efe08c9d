import pg from 'pg';

/** A PostgreSQL database of a benchmark's own: created empty at the start, dropped at the end. */
export interface BenchDatabase {
  url: string;
  /** Runs one statement on the benchmark's database and answers its rows. */
  query<Row extends pg.QueryResultRow>(statement: string, values?: unknown[]): Promise<Row[]>;
  drop(): Promise<void>;
}

async function onServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Creates the database `name` afresh on the server of `adminUrl` (an administrative connection such as
 * postgres://postgres@127.0.0.1:5432/postgres); a database of that name left by an earlier run is dropped.
 */
export async function createBenchDatabase(adminUrl: string, name: string): Promise<BenchDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
  await onServer(adminUrl, `drop database if exists ${name} with (force)`);
  await onServer(adminUrl, `create database ${name}`);
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // An idle connection ended by the server (the drop below) is no failure of the benchmark.
  pool.on('error', () => undefined);
  return {
    url,
    query: async <Row extends pg.QueryResultRow>(statement: string, values: unknown[] = []) =>
      (await pool.query<Row>(statement, values)).rows,
    drop: async () => {
      await pool.end();
      await onServer(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
