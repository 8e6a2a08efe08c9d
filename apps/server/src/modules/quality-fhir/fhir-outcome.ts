import type { OperationOutcome, OperationOutcomeIssue } from 'fhir/r4';

/** An issue of a FHIR request: its FHIR issue type, what is wrong, and the parameter it concerns. */
export interface FhirIssue {
  code: OperationOutcomeIssue['code'];
  diagnostics: string;
  /** The parameter, named as the operation names it (`periodStart`, `subject`). */
  parameter?: string;
}

/**
 * The one error the FHIR routes throw: an HTTP status and its issues, answered as a FHIR
 * OperationOutcome. Diagnostics never carry patient data.
 */
export class FhirError extends Error {
  override name = 'FhirError';
  readonly status: number;
  readonly issues: readonly FhirIssue[];

  constructor(status: number, issues: readonly FhirIssue[]) {
    super(issues.map((issue) => issue.diagnostics).join(' '));
    this.status = status;
    this.issues = issues;
  }

  static notFound(diagnostics: string, parameter?: string): FhirError {
    return new FhirError(404, [{ code: 'not-found', diagnostics, ...(parameter ? { parameter } : {}) }]);
  }

  static invalid(diagnostics: string, parameter: string): FhirError {
    return new FhirError(400, [{ code: 'invalid', diagnostics, parameter }]);
  }
}

/** An OperationOutcome of errors, each naming its parameter in `expression` (FHIR's place for it). */
export function toOperationOutcome(issues: readonly FhirIssue[]): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: issues.map((issue) => ({
      severity: 'error',
      code: issue.code,
      diagnostics: issue.diagnostics,
      ...(issue.parameter ? { expression: [issue.parameter] } : {}),
    })),
  };
}
