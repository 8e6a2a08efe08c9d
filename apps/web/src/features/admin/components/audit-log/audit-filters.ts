import type { AuditFilters, AuditOutcome } from '@cairn/contracts';

/** The filter bar's values as the user set them; dates are calendar days in the browser's time zone. */
export interface AuditFilterValues {
  user?: { value: string; label: string };
  patient?: string;
  action?: string;
  outcome?: AuditOutcome;
  /** `YYYY-MM-DD`, from its start. */
  fromDay?: string;
  /** `YYYY-MM-DD`, to its end (inclusive, as a person reads a range of days). */
  toDay?: string;
}

/** The filters as the API takes them: days become instants, the end day's end included. */
export function toAuditFilters(values: AuditFilterValues): AuditFilters {
  const startOf = (day: string) => new Date(`${day}T00:00:00`);
  const filters: AuditFilters = {};
  if (values.user) filters.userId = values.user.value;
  if (values.patient?.trim()) filters.patient = values.patient.trim();
  if (values.action) filters.action = values.action;
  if (values.outcome) filters.outcome = values.outcome;
  if (values.fromDay) filters.from = startOf(values.fromDay).toISOString();
  if (values.toDay) {
    const end = startOf(values.toDay);
    end.setDate(end.getDate() + 1);
    filters.to = end.toISOString();
  }
  return filters;
}

export const OUTCOME_LABELS: Record<AuditOutcome, string> = {
  success: 'Success',
  failure: 'Failure',
  denied: 'Denied',
};

export const OUTCOME_COLOURS: Record<AuditOutcome, string> = {
  success: 'green',
  failure: 'orange',
  denied: 'red',
};
