/** The `scimType` values of RFC 7644 §3.12 that Cairn answers. */
export type ScimErrorType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'invalidValue'
  | 'noTarget'
  | 'mutability'
  | 'uniqueness'
  | 'tooMany';

export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/**
 * An error as SCIM answers it (RFC 7644 §3.12): the status as a string, a `scimType` for 400 and 409,
 * and a detail that names the field, never a person's data.
 */
export class ScimError extends Error {
  override name = 'ScimError';
  readonly status: number;
  readonly scimType: ScimErrorType | undefined;

  constructor(status: number, detail: string, scimType?: ScimErrorType) {
    super(detail);
    this.status = status;
    this.scimType = scimType;
  }

  toBody(): Record<string, unknown> {
    return {
      schemas: [SCIM_ERROR_SCHEMA],
      status: String(this.status),
      ...(this.scimType ? { scimType: this.scimType } : {}),
      detail: this.message,
    };
  }
}

export const notFound = (resource: 'User' | 'Group'): ScimError =>
  new ScimError(404, `${resource} not found in this organisation.`);
