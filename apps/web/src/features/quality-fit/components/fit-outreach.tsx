import { Flex, Tabs } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { FitBatches } from './fit-batches';
import { FitCandidates } from './fit-candidates';
import { FitImportResults } from './fit-import-results';
import { FitKits } from './fit-kits';

/** /quality-fit: invite patients with an open CMS130 gap, track their kits and batches, import the lab's results. */
export function FitOutreach() {
  return (
    <>
      <Flex justify="end" gap="small" align="center" style={{ marginBottom: 8 }}>
        <Link to={paths.qualityFitTemplates.href()}>Letter templates</Link>
        <FitImportResults />
      </Flex>
      <Tabs
        items={[
          { key: 'invite', label: 'Invite patients', children: <FitCandidates /> },
          { key: 'kits', label: 'Kits', children: <FitKits /> },
          { key: 'batches', label: 'Batches', children: <FitBatches /> },
        ]}
      />
    </>
  );
}
