import type { QualityWorklistRow } from '@cairn/contracts';
import { csvText } from '../../../lib/csv';
import { dayjs } from '../../../lib/dates';

const HEADER = [
  'Last name',
  'First name',
  'Date of birth',
  'MRN',
  'Measure',
  'Measure version',
  'Measure title',
  'Status',
  'Due date',
  'Reason',
  'Primary provider',
  'Department',
  'Clinic',
  'Next visit',
  'First seen',
  'Cairn patient id',
];

function cellsOf(row: QualityWorklistRow): (string | null)[] {
  return [
    row.patient.lastName,
    row.patient.firstName,
    row.patient.dateOfBirth,
    row.patient.mrn,
    row.measureId,
    row.measureVersion,
    row.measureTitle,
    row.status,
    row.dueDate,
    row.reason,
    row.primaryProvider?.name ?? null,
    row.departmentName,
    row.clinicName,
    row.nextVisit ? dayjs(row.nextVisit.startAt).format('YYYY-MM-DD HH:mm') : null,
    dayjs(row.firstSeenAt).format('YYYY-MM-DD'),
    row.patient.cairnPatientId,
  ];
}

/** The worklist's rows as a CSV file's text: a header line, then one line per gap, lines ending CRLF. */
export function worklistCsv(rows: readonly QualityWorklistRow[]): string {
  return csvText([HEADER, ...rows.map(cellsOf)]);
}
