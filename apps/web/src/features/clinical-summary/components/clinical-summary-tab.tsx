import { Col, Row } from 'antd';
import { useState, type ReactNode } from 'react';
import { useClinicalSummary } from '../api/get-clinical-summary';
import { LabsCard } from './labs-card';
import { LabTrendModal, type TrendSubject } from './lab-trend-modal';
import { MedicationsCard } from './medications-card';
import { ProblemsCard } from './problems-card';
import { AllergiesCard, ImmunizationsCard, ProceduresCard, VisitsCard } from './record-cards';
import { ScreeningScoresCard, VitalsCard, type OnOpenTrend } from './results-cards';
import type { SummaryState } from './summary-card';

/** What the portrait gives each tab: the patient and, when opened for a visit, the visit (`sid`). */
export interface PortraitTabProps {
  patientId: string;
  appointmentId: string | undefined;
}

/** One card's place in the grid: full width on phones, two columns on laptops, three on wide screens. */
function Cell({ wide = false, children }: { wide?: boolean; children: ReactNode }) {
  return (
    <Col xs={24} lg={wide ? 24 : 12} xxl={wide ? 16 : 8}>
      {children}
    </Col>
  );
}

/**
 * The Clinical Summary tab (issue 5 item 7): the patient's record in cards, each item with its source
 * and date, and a lab's results over time in the lab trend modal. The record is the patient's, not the
 * visit's, so the appointment is not needed here.
 */
export function ClinicalSummaryTab({ patientId }: PortraitTabProps) {
  const summary = useClinicalSummary(patientId);
  const [trendSubject, setTrendSubject] = useState<TrendSubject>();
  const state: SummaryState = { status: summary.status, onRetry: () => void summary.refetch() };
  const data = summary.data;
  const openTrend: OnOpenTrend = (result) => {
    setTrendSubject({ loinc: result.loinc, display: result.display, unit: result.unit });
  };
  return (
    <>
      <Row gutter={[16, 16]}>
        <Cell>
          <ProblemsCard problems={data?.problems} state={state} />
        </Cell>
        <Cell>
          <MedicationsCard medications={data?.medications} state={state} />
        </Cell>
        <Cell>
          <AllergiesCard data={data?.allergies} state={state} />
        </Cell>
        <Cell>
          <VitalsCard results={data?.vitals} state={state} onOpenTrend={openTrend} />
        </Cell>
        <Cell wide>
          <LabsCard labs={data?.labs} state={state} onOpenTrend={openTrend} />
        </Cell>
        <Cell>
          <ScreeningScoresCard results={data?.screeningScores} state={state} onOpenTrend={openTrend} />
        </Cell>
        <Cell>
          <VisitsCard data={data?.visits} state={state} />
        </Cell>
        <Cell>
          <ProceduresCard data={data?.procedures} state={state} />
        </Cell>
        <Cell>
          <ImmunizationsCard data={data?.immunizations} state={state} />
        </Cell>
      </Row>
      <LabTrendModal
        patientId={patientId}
        subject={trendSubject}
        onClose={() => {
          setTrendSubject(undefined);
        }}
      />
    </>
  );
}
