import type { SummaryAnalysis } from '@cairn/contracts';
import { Spin, Tag } from 'antd';

type CountName = 'openSuggestions' | 'hccCount' | 'openCareGaps';

/** One count of a visit's analysis, or 'Analysing' while the analysis catches up with the data. */
export function AnalysisCount({ analysis, count }: { analysis: SummaryAnalysis; count: CountName }) {
  if (analysis.status === 'pending') {
    return (
      <Tag icon={<Spin size="small" />} aria-label="Analysis pending">
        Analysing
      </Tag>
    );
  }
  return <span>{analysis[count]}</span>;
}
