/** The SMART App Launch 2.x discovery document served at `fhir/.well-known/smart-configuration`. */
export function buildSmartConfiguration(options: { publicUrl: string; fhirBaseUrl: string }): Record<string, unknown> {
  return {
    issuer: options.fhirBaseUrl,
    authorization_endpoint: `${options.publicUrl}/auth/authorize`,
    token_endpoint: `${options.publicUrl}/auth/token`,
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    response_types_supported: ['code'],
    scopes_supported: [
      'launch',
      'launch/patient',
      'launch/encounter',
      'offline_access',
      'online_access',
      'patient/*.read',
      'patient/*.rs',
      'user/*.read',
      'user/*.rs',
      'user/*.write',
      'user/*.cruds',
      'patient/*.cruds',
    ],
    code_challenge_methods_supported: ['S256'],
    capabilities: [
      'launch-ehr',
      'client-public',
      'client-confidential-symmetric',
      'context-ehr-patient',
      'context-ehr-encounter',
      'permission-offline',
      'permission-patient',
      'permission-user',
      'permission-v1',
      'permission-v2',
    ],
  };
}
