import { Col, Row } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { PatientCard } from '../../../features/patients/components/patient-card';
import { PatientSearch } from '../../../features/patients/components/patient-search';

/** Cairn's ids are UUIDs; anything else in the URL means no patient is chosen yet. */
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /patient-lookup/:cairnPatientId ('Patient Lookup'): search on the left, the chosen patient on the right. */
export default function PatientLookupPage() {
  const { cairnPatientId } = useParams();
  const navigate = useNavigate();
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={10}>
        <PatientSearch
          selectedId={cairnPatientId}
          onSelect={(patient) => void navigate(paths.patientLookup.href({ cairnPatientId: patient.cairnPatientId }))}
        />
      </Col>
      <Col xs={24} lg={14}>
        {cairnPatientId && ID_PATTERN.test(cairnPatientId) && <PatientCard cairnPatientId={cairnPatientId} />}
      </Col>
    </Row>
  );
}
