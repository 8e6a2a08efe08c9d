import { DrizzleQueryError } from 'drizzle-orm/errors';
import { stdSerializers } from 'pino';

/**
 * What of an error may reach the log. A failed query's error carries its parameters (drizzle puts
 * them in the message: a searched name, a note's text) and PostgreSQL's own error may quote a row
 * (`detail`: "Key (mrn)=(...) already exists"): a database error is logged as its SQLSTATE code and
 * the statement it came from (its command and first table), nothing else. Other errors keep their
 * type, message and stack.
 */
export function loggableError(error: unknown): LoggedError {
  const database = databaseErrorIn(error);
  // No stack: its first line repeats the message, parameters and all.
  if (database) return { ...database, message: `${database.code} in ${database.statement}`, stack: '' };
  if (error instanceof Error) return stdSerializers.err(error);
  return { type: typeof error, message: '', stack: '' };
}

/** The shape of an error in the log (pino's, which Fastify's logger types ask for). */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * A one-line description of an error for a stored field (a job's last error), on the same rule; with
 * `maskDigits`, every digit of any other error's message is masked (no date, age or identifier).
 */
export function describeErrorSafely(error: unknown, options: { maskDigits?: boolean } = {}): string {
  const database = databaseErrorIn(error);
  if (database) return `DatabaseError ${database.code} in ${database.statement}`;
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : 'non-error thrown';
  return `${name}: ${options.maskDigits ? message.replace(/\d/g, '#') : message}`;
}

interface DatabaseErrorLog {
  [key: string]: unknown;
  type: 'DatabaseError';
  /** SQLSTATE, such as 23505 (unique violation) or 42P01 (undefined table). */
  code: string;
  statement: string;
}

/** The database error in an error or its causes, reduced to what may be logged. */
function databaseErrorIn(error: unknown): DatabaseErrorLog | undefined {
  let query: string | undefined;
  let code: string | undefined;
  let isDatabase = false;
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof DrizzleQueryError) {
      isDatabase = true;
      query ??= current.query;
    } else if (isPostgresError(current)) {
      isDatabase = true;
      code ??= current.code;
    }
    current = (current as { cause?: unknown }).cause;
  }
  if (!isDatabase) return undefined;
  return { type: 'DatabaseError', code: code ?? 'unknown', statement: query ? statementOf(query) : 'unknown' };
}

/** pg's and PGlite's error alike: a SQLSTATE code and a severity. */
function isPostgresError(value: unknown): value is { code: string; severity: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { code, severity } = value as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

/** `select patients`, `insert summary_notes`: the command and the first table a statement names. */
export function statementOf(query: string): string {
  const command = /^\s*(?:with\b[\s\S]*?\)\s*)?(select|insert|update|delete|with)\b/i.exec(query)?.[1]?.toLowerCase();
  const table = /\b(?:from|into|update|join)\s+"?([a-z_][a-z0-9_]*)"?/i.exec(query)?.[1];
  return [command ?? 'statement', table].filter(Boolean).join(' ');
}
