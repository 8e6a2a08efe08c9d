import type { QualityPatient } from '@cairn/contracts';
import { Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/dates';

/** The patient's name, linking to their portrait, with their date of birth and MRN beneath. */
export function PatientCell({ patient }: { patient: QualityPatient }) {
  return (
    <Flex vertical>
      <Link to={paths.patient.href({ cairnPatientId: patient.cairnPatientId })}>
        {`${patient.lastName}, ${patient.firstName}`}
      </Link>
      <Typography.Text type="secondary">
        {`${formatDate(patient.dateOfBirth, 'date')}${patient.mrn ? ` · MRN ${patient.mrn}` : ''}`}
      </Typography.Text>
    </Flex>
  );
}
