import type { ClinicalMedication, ClinicalSummary } from '@cairn/contracts';
import { Tag } from 'antd';
import { SummaryCard, SummaryItem, SummaryList, TotalNote, type SummaryState } from './summary-card';

/** Medications, active ones first. */
export function MedicationsCard({
  medications,
  state,
}: {
  medications: ClinicalSummary['medications'] | undefined;
  state: SummaryState;
}) {
  const items = medications?.items ?? [];
  return (
    <SummaryCard
      title="Medications"
      state={state}
      isEmpty={items.length === 0}
      emptyText="No medications"
      footer={<TotalNote shown={items.length} total={medications?.total ?? 0} />}
    >
      <SummaryList label="Medications">
        {items.map((medication) => (
          <SummaryItem
            key={medication.id}
            title={medication.display}
            details={medicationDetails(medication)}
            date={medication.date}
            source={medication.source}
            extra={
              <Tag color={medication.isActive ? 'green' : 'default'}>
                {medication.isActive ? 'Active' : statusLabel(medication.status)}
              </Tag>
            }
          />
        ))}
      </SummaryList>
    </SummaryCard>
  );
}

function medicationDetails(medication: ClinicalMedication): string | undefined {
  const details = [medication.dosage, medication.prescriber && `prescribed by ${medication.prescriber}`];
  return details.filter(Boolean).join(' · ') || undefined;
}

function statusLabel(status: string): string {
  return status === 'unknown' ? 'Past' : status.charAt(0).toUpperCase() + status.slice(1);
}
