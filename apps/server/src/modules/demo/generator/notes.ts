import { NOTE_DISTRACTORS, NOTE_FILLER, VISIT_REASONS, COPD, type ChronicCondition } from './catalog';
import type { PatientContext } from './generate-patient';

/**
 * A progress note as clinicians write them: complaint, history, exam, assessment and plan. Coded
 * conditions are named in the assessment; each note also carries a mention that must not become a
 * suggestion (negated, family history, or historical).
 */
export function progressNoteText(context: PatientContext, reason: string): string {
  const { draw } = context;
  const lines = [`Chief complaint: ${reason}.`, `HPI: ${fillers(context, 3)}`];
  const history = context.conditions.map((condition) => condition.phrase);
  if (history.length > 0) lines.push(`Past medical history: ${history.join(', ')}.`);
  lines.push(draw.pick(NOTE_DISTRACTORS));
  lines.push(`Exam: ${fillers(context, 2)}`);
  lines.push('Assessment and plan:');
  for (const condition of context.conditions) lines.push(`- ${assessment(context, condition)}`);
  if (context.scenario === 'documented-elsewhere')
    lines.push(`- ${COPD.phrase}, followed by pulmonology at Valley Regional; uses tiotropium daily.`);
  if (context.conditions.length === 0) lines.push('- Health maintenance reviewed; no chronic problems.');
  lines.push('Return to clinic in three months or sooner if needed.');
  return lines.join('\n');
}

function assessment(context: PatientContext, condition: ChronicCondition): string {
  const drug = condition.drugs[0];
  const plan = drug ? `continue ${drug.display.split(' ').slice(0, 1).join('')}` : 'monitor labs';
  return context.draw.chance(0.5)
    ? `${capitalise(condition.phrase)}: stable on current regimen; ${plan}.`
    : `${capitalise(condition.phrase)}, follow-up today; ${plan}.`;
}

function fillers(context: PatientContext, count: number): string {
  const sentences = new Set<string>();
  for (let index = 0; index < count; index += 1) sentences.add(context.draw.pick(NOTE_FILLER));
  return [...sentences].join(' ');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A partner hospital's discharge summary, as it arrives through the HIE. */
export function dischargeSummaryText(context: PatientContext, date: string): string {
  const named = context.scenario === 'documented-elsewhere' ? [COPD, ...context.conditions] : context.conditions;
  const diagnoses = named.map((condition) => `- ${capitalise(condition.phrase)}`).join('\n');
  return [
    'Valley Regional Hospital - Discharge summary',
    `Admission date: ${date}`,
    'Reason for admission: shortness of breath.',
    'Hospital course: treated with nebulisers and oral steroids, improved over three days.',
    'Discharge diagnoses:',
    diagnoses || '- Acute bronchitis',
    'No evidence of pneumonia on chest imaging.',
    'Family history: brother with colon cancer.',
    'Follow up with primary care within one week.',
  ].join('\n');
}

/** A specialist's consult letter (kept as a PDF original). */
export function consultLetterText(context: PatientContext): string {
  const lines = [
    'Cardiology consultation',
    `Reason for referral: ${context.draw.pick(VISIT_REASONS).toLowerCase()}.`,
    'Echocardiogram: normal left ventricular size and function.',
    'Denies palpitations or syncope.',
  ];
  if (context.conditions.some((condition) => condition.icdCode === 'I5022'))
    lines.push('Impression: chronic systolic heart failure, compensated; continue carvedilol.');
  else lines.push('Impression: no structural heart disease.');
  return lines.join('\n');
}
