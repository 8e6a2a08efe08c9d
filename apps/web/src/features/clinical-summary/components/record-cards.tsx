import type { ClinicalAllergy, ClinicalSummary } from '@cairn/contracts';
import { SummaryCard, SummaryItem, SummaryList, TotalNote, type SummaryState } from './summary-card';

/** The cards that list records as they are: allergies, visits, procedures, immunizations. */

interface CardProps<T> {
  data: T | undefined;
  state: SummaryState;
}

export function AllergiesCard({ data, state }: CardProps<ClinicalSummary['allergies']>) {
  const items = data ?? [];
  return (
    <SummaryCard title="Allergies" state={state} isEmpty={items.length === 0} emptyText="No known allergies">
      <SummaryList label="Allergies">
        {items.map((allergy) => (
          <SummaryItem
            key={allergy.id}
            title={allergy.display}
            details={allergyDetails(allergy)}
            date={allergy.date}
            source={allergy.source}
          />
        ))}
      </SummaryList>
    </SummaryCard>
  );
}

function allergyDetails(allergy: ClinicalAllergy): string | undefined {
  const details = [
    allergy.category,
    allergy.reaction,
    allergy.criticality && `${allergy.criticality} criticality`,
    allergy.clinicalStatus && allergy.clinicalStatus !== 'active' ? allergy.clinicalStatus : undefined,
  ];
  return details.filter(Boolean).join(' · ') || undefined;
}

/** Encounter classes of HL7 v3 ActCode, as people say them. */
const VISIT_CLASSES: Record<string, string> = {
  AMB: 'Ambulatory',
  EMER: 'Emergency',
  IMP: 'Inpatient',
  ACUTE: 'Inpatient acute',
  NONAC: 'Inpatient non-acute',
  OBSENC: 'Observation',
  HH: 'Home health',
  VR: 'Virtual',
  FLD: 'Field',
  SS: 'Short stay',
  PRENC: 'Pre-admission',
};

export function VisitsCard({ data, state }: CardProps<ClinicalSummary['visits']>) {
  const items = data?.items ?? [];
  return (
    <SummaryCard
      title="Visits"
      state={state}
      isEmpty={items.length === 0}
      emptyText="No visits"
      footer={<TotalNote shown={items.length} total={data?.total ?? 0} />}
    >
      <SummaryList label="Visits">
        {items.map((visit) => (
          <SummaryItem
            key={visit.id}
            title={visit.type ?? 'Visit'}
            details={[
              visit.classCode && (VISIT_CLASSES[visit.classCode] ?? visit.classCode),
              visit.provider,
              visit.reason,
            ]
              .filter(Boolean)
              .join(' · ')}
            date={visit.date}
            source={visit.source}
          />
        ))}
      </SummaryList>
    </SummaryCard>
  );
}

export function ProceduresCard({ data, state }: CardProps<ClinicalSummary['procedures']>) {
  const items = data?.items ?? [];
  return (
    <SummaryCard
      title="Procedures"
      state={state}
      isEmpty={items.length === 0}
      emptyText="No procedures"
      footer={<TotalNote shown={items.length} total={data?.total ?? 0} />}
    >
      <SummaryList label="Procedures">
        {items.map((procedure) => (
          <SummaryItem
            key={procedure.id}
            title={procedure.display}
            details={`${codeSystemName(procedure.system)} ${procedure.code}`}
            date={procedure.date}
            source={procedure.source}
          />
        ))}
      </SummaryList>
    </SummaryCard>
  );
}

export function ImmunizationsCard({ data, state }: CardProps<ClinicalSummary['immunizations']>) {
  const items = data?.items ?? [];
  return (
    <SummaryCard
      title="Immunizations"
      state={state}
      isEmpty={items.length === 0}
      emptyText="No immunizations"
      footer={<TotalNote shown={items.length} total={data?.total ?? 0} />}
    >
      <SummaryList label="Immunizations">
        {items.map((immunization) => (
          <SummaryItem
            key={immunization.id}
            title={immunization.display}
            details={`CVX ${immunization.cvxCode}`}
            date={immunization.date}
            source={immunization.source}
          />
        ))}
      </SummaryList>
    </SummaryCard>
  );
}

const CODE_SYSTEMS: Record<string, string> = {
  'http://snomed.info/sct': 'SNOMED CT',
  'http://www.ama-assn.org/go/cpt': 'CPT',
  'http://loinc.org': 'LOINC',
  'http://www.cms.gov/Medicare/Coding/ICD10': 'ICD-10-PCS',
  'http://terminology.hl7.org/CodeSystem/HCPCS': 'HCPCS',
};

function codeSystemName(system: string): string {
  return CODE_SYSTEMS[system] ?? system.split('/').at(-1) ?? system;
}
