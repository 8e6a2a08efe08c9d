// CPU time of processes on this machine (Linux: /proc/<pid>/stat, 100 clock ticks a second), for benchmarks that
// say what a request costs as well as how long it takes.
import { readdirSync, readFileSync } from 'node:fs';

const MS_PER_TICK = 10;

/** A process's stat fields after its name (utime is [11], stime [12], their ended children's [13] and [14]). */
function statFields(pid: number | string): string[] {
  return (
    readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
      .split(') ')[1]
      ?.split(' ') ?? []
  );
}

/** A process's user and system CPU time so far, in ms; NaN without a pid. */
export function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}

/**
 * The CPU time so far of every PostgreSQL process on this machine (backends, parallel workers, background processes),
 * with their ended children's, in ms: the difference over a run is what the database spent on it, when it is the
 * machine's only user.
 */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1]?.split(' ') ?? [];
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * MS_PER_TICK;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}
