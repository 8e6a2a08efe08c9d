import { Flex, Tag, Typography } from 'antd';
import { useQualityInsights } from '../api/get-quality-insights';

/**
 * Beside the cart (issue 19): the care gaps marked as addressed at this visit, which Add to Encounter
 * writes to the EHR with the diagnoses, as a note on the encounter. Nothing while there are none: the
 * Quality Insights tab is where they are marked, and where a failure to read them shows.
 */
export function CareGapsInCart({ patientId, sid }: { patientId: string; sid: string }) {
  const insights = useQualityInsights(patientId, sid);
  const marked = insights.data?.gaps.filter((gap) => gap.mark !== null) ?? [];
  if (marked.length === 0) return null;
  return (
    <section aria-label="Care gaps addressed">
      <Typography.Title level={5} style={{ margin: 0 }}>
        Care gaps addressed ({marked.length})
      </Typography.Title>
      <Typography.Text type="secondary">Written to the encounter as a note with Add to Encounter</Typography.Text>
      <ul aria-label="Care gaps addressed at this visit" style={{ listStyle: 'none', margin: '8px 0 0', padding: 0 }}>
        {marked.map((gap) => {
          const status = gap.mark?.send.status ?? 'pending';
          return (
            <li key={gap.measureId}>
              <Flex gap={6} align="center" wrap>
                <Typography.Text>
                  {gap.measureId} {gap.title}
                </Typography.Text>
                <Tag
                  color={status === 'written' ? 'green' : status === 'failed' ? 'orange' : 'blue'}
                  variant="outlined"
                  style={{ marginInlineEnd: 0 }}
                >
                  {status === 'written' ? 'Sent' : status === 'failed' ? 'Not sent' : 'To send'}
                </Tag>
              </Flex>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
