import type { ClinicalProblem, ClinicalSummary } from '@cairn/contracts';
import { Segmented, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatIcdCodeWithTitle } from '../../../lib/clinical-format';
import { formatItemDate } from '../utils/format';
import { SummaryCard, SummaryItem, SummaryList, type SummaryState } from './summary-card';

type ProblemStatus = 'active' | 'resolved';

/** Problems with a toggle between the active ones and those resolved. */
export function ProblemsCard({
  problems,
  state,
}: {
  problems: ClinicalSummary['problems'] | undefined;
  state: SummaryState;
}) {
  const [shown, setShown] = useState<ProblemStatus>('active');
  const items = problems?.[shown] ?? [];
  const toggle = (
    <Segmented<ProblemStatus>
      size="small"
      aria-label="Problems to show"
      value={shown}
      onChange={setShown}
      options={[
        { value: 'active', label: `Active (${String(problems?.active.length ?? 0)})` },
        { value: 'resolved', label: `Resolved (${String(problems?.resolved.length ?? 0)})` },
      ]}
    />
  );
  return (
    <SummaryCard
      title="Problems"
      state={state}
      extra={toggle}
      isEmpty={(problems?.active.length ?? 0) + (problems?.resolved.length ?? 0) === 0}
      emptyText="No problems"
    >
      {items.length === 0 ? (
        <Typography.Text type="secondary">
          {shown === 'active' ? 'No active problems' : 'No resolved problems'}
        </Typography.Text>
      ) : (
        <SummaryList label={shown === 'active' ? 'Active problems' : 'Resolved problems'}>
          {items.map((problem) => (
            <SummaryItem
              key={problem.id}
              title={problem.display}
              details={problemCodes(problem)}
              date={problem.date}
              source={problem.source}
              extra={problem.occurrences > 1 ? <Tag>{`×${String(problem.occurrences)}`}</Tag> : undefined}
            />
          ))}
        </SummaryList>
      )}
    </SummaryCard>
  );
}

/** The problem's codes: its ICD-10-CM code dotted, with the code's title unless the problem is named by it. */
function problemCodes(problem: ClinicalProblem): string {
  const codes: string[] = [];
  if (problem.icdCode) {
    const isNamedByTitle = problem.icdTitle?.toLowerCase() === problem.display.trim().toLowerCase();
    const code = formatIcdCodeWithTitle(problem.icdCode, isNamedByTitle ? null : problem.icdTitle);
    codes.push(`ICD-10-CM ${code}${problem.icdMapped ? ' (mapped from SNOMED CT)' : ''}`);
  }
  if (problem.snomedCode) codes.push(`SNOMED CT ${problem.snomedCode}`);
  if (problem.abatementDate) codes.push(`resolved ${formatItemDate(problem.abatementDate)}`);
  return codes.join(' · ');
}
