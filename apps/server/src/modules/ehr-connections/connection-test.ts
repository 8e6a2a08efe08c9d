import type { EhrClientAuthKind, EhrConnectionCheck } from '@cairn/contracts';

/**
 * "Test connection" (issue 17 item 3): reads the EHR's CapabilityStatement and SMART configuration
 * and says in words what Cairn needs and the EHR lacks. Nothing is sent but two GETs; nothing secret.
 */
export interface ConnectionTestInput {
  fhirBaseUrl: string;
  clientAuth: EhrClientAuthKind;
  scopes: string;
  /** Accept plain http on this machine (development and tests; never in production). */
  allowLoopbackHttp: boolean;
  fetch?: typeof fetch;
}

const TIMEOUT_MS = 10_000;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** What Cairn reads of a patient's record (ehr-sync) and what it writes (ehr-write). */
const READ_RESOURCES = ['Patient', 'Encounter', 'Condition', 'Observation', 'MedicationRequest', 'DocumentReference'];
/** The SMART capability each client type needs (SMART App Launch 2.0 §Capabilities). */
const CLIENT_CAPABILITY: Record<EhrClientAuthKind, string> = {
  public: 'client-public',
  client_secret: 'client-confidential-symmetric',
  private_key_jwt: 'client-confidential-asymmetric',
};
const TOKEN_AUTH_METHOD: Record<EhrClientAuthKind, string> = {
  public: 'none',
  client_secret: 'client_secret_basic',
  private_key_jwt: 'private_key_jwt',
};

interface CapabilityStatement {
  resourceType?: string;
  fhirVersion?: string;
  software?: { name?: string; version?: string };
  rest?: { mode?: string; resource?: { type?: string; interaction?: { code?: string }[] }[] }[];
}

interface SmartConfigurationDocument {
  authorization_endpoint?: string;
  token_endpoint?: string;
  capabilities?: string[];
  code_challenge_methods_supported?: string[];
  scopes_supported?: string[];
  token_endpoint_auth_methods_supported?: string[];
}

async function readJson(input: ConnectionTestInput, path: string): Promise<{ body?: unknown; problem?: string }> {
  const url = `${input.fhirBaseUrl.replace(/\/+$/, '')}${path}`;
  try {
    const response = await (input.fetch ?? fetch)(url, {
      headers: { accept: 'application/fhir+json, application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return { problem: `${url} answered HTTP ${String(response.status)}.` };
    return { body: await response.json() };
  } catch (error) {
    const why =
      error instanceof Error && error.name === 'TimeoutError'
        ? 'did not answer within 10 seconds'
        : 'could not be reached';
    return { problem: `${url} ${why}.` };
  }
}

function isSecureUrl(value: string | undefined, allowLoopbackHttp: boolean): boolean {
  if (!value) return false;
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' || (allowLoopbackHttp && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
    );
  } catch {
    return false;
  }
}

function check(name: string, isOk: boolean, message: string): EhrConnectionCheck {
  return { name, isOk, message };
}

function capabilityChecks(statement: CapabilityStatement): EhrConnectionCheck[] {
  const version = statement.fhirVersion ?? 'no version';
  const software = [statement.software?.name, statement.software?.version].filter(Boolean).join(' ');
  const server = statement.rest?.find((rest) => rest.mode === 'server') ?? statement.rest?.[0];
  const interactions = (type: string) =>
    new Set(server?.resource?.find((resource) => resource.type === type)?.interaction?.map((item) => item.code));
  const unreadable = READ_RESOURCES.filter((type) => {
    const codes = interactions(type);
    return !codes.has('read') && !codes.has('search-type');
  });
  return [
    check(
      'FHIR version',
      version.startsWith('4.0'),
      version.startsWith('4.0')
        ? `FHIR R4 (${version})${software ? `, ${software}` : ''}.`
        : `Cairn speaks FHIR R4 (4.0.x); this server says ${version}.`,
    ),
    check(
      'Resources Cairn reads',
      unreadable.length === 0,
      unreadable.length === 0
        ? `${READ_RESOURCES.join(', ')} can be read and searched.`
        : `The server does not declare reading or searching ${unreadable.join(', ')}: that part of the record stays empty.`,
    ),
    check(
      'Writing diagnoses',
      interactions('Condition').has('create'),
      interactions('Condition').has('create')
        ? 'Conditions can be created: Add to Encounter can write diagnoses.'
        : 'The server does not declare creating a Condition: Add to Encounter will fail; diagnoses must be entered by hand.',
    ),
  ];
}

function smartChecks(document: SmartConfigurationDocument, input: ConnectionTestInput): EhrConnectionCheck[] {
  const capabilities = new Set(document.capabilities ?? []);
  const endpointsOk =
    isSecureUrl(document.authorization_endpoint, input.allowLoopbackHttp) &&
    isSecureUrl(document.token_endpoint, input.allowLoopbackHttp);
  const clientCapability = CLIENT_CAPABILITY[input.clientAuth];
  const authMethods = document.token_endpoint_auth_methods_supported;
  const isClientOk =
    capabilities.has(clientCapability) || (authMethods?.includes(TOKEN_AUTH_METHOD[input.clientAuth]) ?? false);
  const isPkceOk = document.code_challenge_methods_supported?.includes('S256') ?? false;
  const listed = document.scopes_supported;
  const unlisted = listed ? input.scopes.split(' ').filter((scope) => !listed.includes(scope)) : [];
  const essentialUnlisted = unlisted.filter((scope) => ['launch', 'openid', 'fhirUser'].includes(scope));
  return [
    check(
      'Authorization and token endpoints',
      endpointsOk,
      endpointsOk
        ? `Authorization at ${String(document.authorization_endpoint)}, tokens at ${String(document.token_endpoint)}.`
        : 'The SMART configuration must name an authorization endpoint and a token endpoint, both over https.',
    ),
    check(
      'EHR launch',
      capabilities.has('launch-ehr'),
      capabilities.has('launch-ehr')
        ? 'The EHR launches apps with their context (launch-ehr).'
        : "The EHR does not declare 'launch-ehr': it may not be able to launch Cairn from a patient's chart.",
    ),
    check(
      'Client authentication',
      isClientOk,
      isClientOk
        ? `The EHR accepts ${clientCapability} clients.`
        : `The EHR does not declare '${clientCapability}'${authMethods ? ` nor '${TOKEN_AUTH_METHOD[input.clientAuth]}'` : ''}: choose the client authentication the EHR supports.`,
    ),
    check(
      'PKCE',
      isPkceOk,
      isPkceOk
        ? 'PKCE with S256 is supported.'
        : 'The EHR does not declare PKCE with S256 (code_challenge_methods_supported), which SMART 2.0 requires.',
    ),
    check(
      'Scopes',
      essentialUnlisted.length === 0,
      unlisted.length === 0
        ? listed
          ? 'Every scope Cairn asks for is listed.'
          : 'The EHR does not list its scopes; the first launch will show which it grants.'
        : `The EHR does not list ${unlisted.join(', ')}${essentialUnlisted.length > 0 ? ': without them no user can be signed in' : ''}.`,
    ),
  ];
}

/** Every check, in the order a person fixes them: the FHIR server first, then its SMART side. */
export async function testConnection(
  input: ConnectionTestInput,
): Promise<{ isReady: boolean; checks: EhrConnectionCheck[] }> {
  const [metadata, smart] = await Promise.all([
    readJson(input, '/metadata'),
    readJson(input, '/.well-known/smart-configuration'),
  ]);
  const statement = metadata.body as CapabilityStatement | undefined;
  const checks = [
    ...(statement?.resourceType === 'CapabilityStatement'
      ? capabilityChecks(statement)
      : [
          check(
            'FHIR server',
            false,
            metadata.problem ?? 'The server answered /metadata without a CapabilityStatement.',
          ),
        ]),
    ...(smart.body && typeof smart.body === 'object'
      ? smartChecks(smart.body, input)
      : [check('SMART configuration', false, smart.problem ?? 'The SMART configuration is not JSON.')]),
  ];
  return { isReady: checks.every((item) => item.isOk), checks };
}
