import { createUser as createUserEndpoint, VIEWS, type UserImportRow } from '@cairn/contracts';
import { parse } from 'csv-parse/sync';
import { AppError } from '../../lib/app-error';
import { createUser, type AdminCaller, type UserAdminDeps } from './user-admin.service';

/** One file creates at most this many accounts: a larger directory belongs to SCIM provisioning. */
export const USER_IMPORT_MAX_ROWS = 1000;

const REQUIRED_COLUMNS = ['username', 'email', 'firstName', 'lastName', 'view'] as const;

/** Column names as people write them in a spreadsheet (`First name`, `first_name`) to the API's. */
function columnKey(header: string): string {
  const compact = header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  const known: Record<string, string> = {
    username: 'username',
    email: 'email',
    firstname: 'firstName',
    lastname: 'lastName',
    view: 'view',
    permissions: 'permissions',
    isadmin: 'isAdmin',
    admin: 'isAdmin',
    ismultipleproviders: 'isMultipleProviders',
    multipleproviders: 'isMultipleProviders',
    emrusername: 'emrUsername',
    ehruser: 'emrUsername',
  };
  return known[compact] ?? header.trim();
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'x']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', '']);

/** A row's cells as the createUser body: views and yes/no cells read as people write them. */
function rowBody(cells: Record<string, string>, invite: boolean): Record<string, unknown> {
  const flag = (value: string | undefined) => {
    const word = (value ?? '').trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    return FALSE_WORDS.has(word) ? false : word;
  };
  const view = VIEWS.find((candidate) => candidate.toLowerCase() === (cells.view ?? '').trim().toLowerCase());
  return {
    username: cells.username,
    email: cells.email?.trim(),
    firstName: cells.firstName,
    lastName: cells.lastName,
    view: view ?? cells.view,
    permissions: (cells.permissions ?? '').split(/[\s;,|]+/).filter(Boolean),
    isAdmin: flag(cells.isAdmin),
    isMultipleProviders: flag(cells.isMultipleProviders),
    emrUsername: cells.emrUsername?.trim() ? cells.emrUsername.trim() : null,
    invite,
  };
}

function readCsv(csv: string): { headers: string[]; records: string[][] } {
  let rows: string[][];
  try {
    rows = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: false });
  } catch (error) {
    const where = error instanceof Error && 'lines' in error ? ` (line ${String(error.lines)})` : '';
    throw AppError.validation([{ field: 'csv', message: `The file is not valid CSV${where}` }]);
  }
  const [headers, ...records] = rows;
  if (!headers) throw AppError.validation([{ field: 'csv', message: 'The file is empty' }]);
  return { headers: headers.map(columnKey), records };
}

/**
 * Creates an account per line of a CSV file whose first line names the columns (username, email,
 * firstName, lastName, view, and optionally permissions, isAdmin, isMultipleProviders, emrUsername).
 * Each line is checked and created on its own: a refused line (its column and why) stops no other.
 */
export async function importUsers(
  deps: UserAdminDeps,
  caller: AdminCaller,
  input: { csv: string; invite: boolean },
): Promise<{ rows: UserImportRow[]; created: number; refused: number }> {
  const { headers, records } = readCsv(input.csv);
  const missing = REQUIRED_COLUMNS.filter((column) => !headers.includes(column));
  if (missing.length > 0) {
    throw AppError.validation([{ field: 'csv', message: `The first line lacks the columns ${missing.join(', ')}` }]);
  }
  if (records.length > USER_IMPORT_MAX_ROWS) {
    throw AppError.validation([
      {
        field: 'csv',
        message: `At most ${String(USER_IMPORT_MAX_ROWS)} users a file (this one has ${String(records.length)})`,
      },
    ]);
  }
  const rows: UserImportRow[] = [];
  for (const [index, record] of records.entries()) {
    const cells = Object.fromEntries(headers.map((header, column) => [header, record[column] ?? '']));
    rows.push(await importRow(deps, caller, { line: index + 2, cells, invite: input.invite }));
  }
  const created = rows.filter((row) => row.outcome === 'created').length;
  return { rows, created, refused: rows.length - created };
}

async function importRow(
  deps: UserAdminDeps,
  caller: AdminCaller,
  row: { line: number; cells: Record<string, string>; invite: boolean },
): Promise<UserImportRow> {
  const username = (row.cells.username ?? '').trim();
  const parsed = createUserEndpoint.body.safeParse(rowBody(row.cells, row.invite));
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      column: String(issue.path[0] ?? 'line'),
      message: issue.message,
    }));
    return { line: row.line, username, outcome: 'refused', errors };
  }
  try {
    const { user } = await createUser(deps, caller, parsed.data);
    return { line: row.line, username: user.username, outcome: 'created', userId: user.id, errors: [] };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const details = error.details as { field?: string; issues?: { field: string; message: string }[] } | undefined;
    const errors = details?.issues?.map((issue) => ({
      column: issue.field.split('.')[0] ?? 'line',
      message: issue.message,
    })) ?? [{ column: details?.field ?? 'line', message: error.message }];
    return { line: row.line, username, outcome: 'refused', errors };
  }
}
