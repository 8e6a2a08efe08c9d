import type { Db } from './client';

/** The prepared statements of each database handle, by name (a prepared statement holds its handle). */
const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * `build(name)` once per database handle and name: a statement built with placeholders and prepared
 * under `name` is planned once per connection by PostgreSQL, and its SQL text is not rebuilt per
 * request. One name, one SQL text: a name that stands for several shapes must say which in it.
 */
export function preparedOnce<P>(db: Db, name: string, build: (name: string) => P): P {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map<string, unknown>()));
  if (!byName.has(name)) byName.set(name, build(name));
  return byName.get(name) as P;
}
