import type { QualityPatient } from '@cairn/contracts';
import { PatientCell } from '../../quality';
import type { DashboardColumn } from '../utils/columns';

/** The patient a drill-down row is about: the quality worklist's shape, which PatientCell shows. */
export type DrilldownPatient = QualityPatient;

/**
 * A patient list's patient columns: the name linking to the portrait (date of birth and MRN beneath,
 * as the quality worklist shows them), and in the CSV file the name, date of birth, MRN and Cairn id
 * each in a column of its own.
 */
export function patientColumns<Row>(patientOf: (row: Row) => DrilldownPatient): DashboardColumn<Row>[] {
  return [
    {
      key: 'patient',
      title: 'Patient',
      value: (row) => `${patientOf(row).lastName}, ${patientOf(row).firstName}`,
      render: (row) => <PatientCell patient={patientOf(row)} />,
    },
    { key: 'dateOfBirth', title: 'Date of birth', value: (row) => patientOf(row).dateOfBirth, isExportOnly: true },
    { key: 'mrn', title: 'MRN', value: (row) => patientOf(row).mrn, isExportOnly: true },
    {
      key: 'cairnPatientId',
      title: 'Cairn patient id',
      value: (row) => patientOf(row).cairnPatientId,
      isExportOnly: true,
    },
  ];
}
