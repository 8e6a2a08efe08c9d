import type { ClinicalItemSource } from '@cairn/contracts';
import { Tag } from 'antd';

const COLORS: Record<ClinicalItemSource, string> = { EHR: 'blue', HIE: 'purple' };

/** Where an item came from: the practice's own EHR or a health information exchange. */
export function SourceTag({ source }: { source: ClinicalItemSource }) {
  return (
    <Tag color={COLORS[source]} variant="outlined" title={source === 'EHR' ? 'From the EHR' : 'From an HIE'}>
      {source}
    </Tag>
  );
}
