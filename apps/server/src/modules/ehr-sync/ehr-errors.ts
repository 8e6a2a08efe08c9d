import { FhirClientError } from '../../integrations/fhir/fhir-client';
import { AppError } from '../../lib/app-error';

/**
 * What a failed EHR call means to the user: a `SERVICE_UNAVAILABLE` that says how the EHR failed,
 * never what it answered (an answer may carry patient data). Anything else is passed on unchanged.
 */
export function toEhrAppError(error: unknown): unknown {
  if (!(error instanceof FhirClientError)) return error;
  return new AppError('SERVICE_UNAVAILABLE', ehrFailureMessage(error));
}

function ehrFailureMessage(error: FhirClientError): string {
  switch (error.kind) {
    case 'timeout':
      return 'The EHR did not answer in time';
    case 'network':
      return 'The EHR could not be reached';
    case 'protocol':
      return 'The EHR gave an answer Cairn cannot use';
    case 'http':
      return error.status >= 500
        ? `The EHR failed the request (${String(error.status)})`
        : `The EHR refused the request (${String(error.status)})`;
  }
}
