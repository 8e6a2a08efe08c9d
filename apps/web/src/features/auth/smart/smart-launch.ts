import { getEpicTokenAndAppContext, startEhrLaunch, type EhrLaunchFailureReason } from '@cairn/contracts';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { sessionStore, startSession } from '../../../lib/session';
import {
  LOCAL_STORAGE_KEYS,
  SESSION_STORAGE_KEYS,
  readJson,
  writeJson,
  type SmartConfig,
} from '../../../lib/storage-keys';
import { browserEnvironment, type BrowserEnvironment } from '../../../lib/browser-environment';
import { postPublic } from '../../../lib/post-public';
import {
  EHR_NOT_CONFIGURED_MESSAGE,
  ISS_NOT_FOUND_MESSAGE,
  TRY_AGAIN_FROM_EHR_HINT,
  WELL_KNOWN_UNAVAILABLE_MESSAGE,
  ehrRefusalMessage,
  postLaunchTarget,
  redirectUriOf,
  type EhrLaunchAnswer,
  type EhrLaunchStart,
} from './smart-rules';

/**
 * Session storage: the random value binding a launch in flight to this browser tab. Not one of
 * `SESSION_STORAGE_KEYS`: those are cleared when initialization finds no session, which is exactly
 * the state the browser returns from the EHR in.
 */
export const EHR_LAUNCH_BINDING_KEY = 'cairn.ehrLaunchBrowserBinding';

/** A launch that cannot go on: what to tell the user, and whether relaunching from the EHR helps. */
export class EhrLaunchError extends Error {
  override name = 'EhrLaunchError';
  readonly hint: string | undefined;

  constructor(message: string, hint: string | undefined = TRY_AGAIN_FROM_EHR_HINT) {
    super(message);
    this.hint = hint;
  }
}

export interface SmartEnvironment extends BrowserEnvironment {
  warn?: (message: string) => void;
}

const environment = browserEnvironment;

/** The page the launch runs on: its origin and path make the redirect URI. */
export interface LaunchPage {
  origin: string;
  pathname: string;
}

/**
 * Starts a SMART EHR launch: the server checks the `iss`, reads its well-known configuration and
 * keeps the state and PKCE verifier; the browser keeps the SMART configuration (spec §3) and the
 * connection for the way back, then goes to the EHR's authorization page. Answers that page's URL.
 */
export async function startEhrLaunchFlow(
  page: LaunchPage,
  start: EhrLaunchStart,
  options: SmartEnvironment = {},
): Promise<string> {
  const io = environment(options);
  const browserBinding = randomBinding();
  const { result } = await postPublic(io.fetch, startEhrLaunch, {
    iss: start.iss,
    launch: start.launch,
    redirectUri: redirectUriOf(page),
    browserBinding,
  });
  const { tokenEndpoint, audience, authorizationEndpoint, iss } = result.smartConfig;
  writeJson(io.local, LOCAL_STORAGE_KEYS.smartConfig, { tokenEndpoint, audience, authorizationEndpoint, iss });
  io.local.setItem(LOCAL_STORAGE_KEYS.ehrConnectionName, result.connectionName);
  io.local.setItem(LOCAL_STORAGE_KEYS.ehrDataSourceId, result.dataSourceId);
  io.session.setItem(EHR_LAUNCH_BINDING_KEY, browserBinding);
  io.navigate(result.authorizationUrl);
  return result.authorizationUrl;
}

/**
 * Finishes a SMART EHR launch when the EHR sent the browser back: exchanges the code on the server
 * (the EHR's tokens stay there), signs the user in as a password login does, and answers where to go
 * (spec §2 "Post-launch navigation (SMART)"). When the server names neither a summary nor a document,
 * local storage is cleared, the user stays signed out and the target is /login.
 * Throws an `EhrLaunchError` saying why the launch cannot finish.
 */
export async function completeEhrLaunch(
  page: LaunchPage,
  answer: EhrLaunchAnswer,
  options: SmartEnvironment = {},
): Promise<string> {
  const io = environment(options);
  const browserBinding = io.session.getItem(EHR_LAUNCH_BINDING_KEY);
  io.session.removeItem(EHR_LAUNCH_BINDING_KEY);
  if (answer.kind === 'error') throw new EhrLaunchError(ehrRefusalMessage(answer.error));
  const smartConfig = readJson<Partial<SmartConfig>>(io.local, LOCAL_STORAGE_KEYS.smartConfig);
  if (!smartConfig?.iss) throw new EhrLaunchError(ISS_NOT_FOUND_MESSAGE);
  if (!smartConfig.tokenEndpoint) throw new EhrLaunchError(WELL_KNOWN_UNAVAILABLE_MESSAGE);
  const connectionName = storedConnectionName(io.local);
  const dataSourceId = io.local.getItem(LOCAL_STORAGE_KEYS.ehrDataSourceId);
  if (!connectionName || !dataSourceId) throw new EhrLaunchError(ISS_NOT_FOUND_MESSAGE);
  if (!browserBinding) {
    throw new EhrLaunchError('This launch was started in another browser window, or it has already been used.');
  }
  const { result } = await postPublic(io.fetch, getEpicTokenAndAppContext, {
    code: answer.code,
    state: answer.state,
    connectionName,
    dataSourceId,
    redirectUri: redirectUriOf(page),
    tokenUrl: smartConfig.tokenEndpoint,
    browserBinding,
  });
  const target = postLaunchTarget(result);
  if (!target) {
    // Spec §2: no context to open. The tokens just issued go too: half a sign-in helps no one.
    io.local.clear();
    sessionStore.reset();
    return paths.login.href();
  }
  startSession(result.jwtToken, result.refreshToken, options.warn);
  if (result.ehrSync?.status === 'failed') {
    writeJson(io.session, SESSION_STORAGE_KEYS.ehrSyncWarning, { message: result.ehrSync.message });
  }
  // Issue 16: the patient is read from the EHR once the portrait shows, never before it.
  if (result.ehrSync?.status === 'pending' && result.summaryId) {
    writeJson(io.session, SESSION_STORAGE_KEYS.ehrReadDue, { sid: result.summaryId });
  }
  return target;
}

/**
 * What the user is told when the server refuses a launch (spec §5): the reason's own text for an
 * unconfigured EHR and an unreadable well-known configuration, the server's message otherwise.
 */
export function toEhrLaunchError(error: unknown): EhrLaunchError {
  if (error instanceof EhrLaunchError) return error;
  if (!(error instanceof ApiError)) return new EhrLaunchError('Network Error');
  const reason = error.details?.reason as EhrLaunchFailureReason | undefined;
  if (reason === 'unknown_iss') return new EhrLaunchError(EHR_NOT_CONFIGURED_MESSAGE, undefined);
  if (reason === 'well_known_unavailable') return new EhrLaunchError(WELL_KNOWN_UNAVAILABLE_MESSAGE);
  return new EhrLaunchError(error.serverMessage ?? error.message);
}

/** The connection the launch started through: the spec's four names or any other an admin chose (issue 17). */
function storedConnectionName(local: Storage): string | undefined {
  const stored = local.getItem(LOCAL_STORAGE_KEYS.ehrConnectionName);
  return stored === null || stored === '' ? undefined : stored;
}

function randomBinding(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The launch step the URL asks for: a start leaves Cairn for the EHR (`undefined`: nothing more to
 * do here); an answer finishes and names where the app goes. Failures are `EhrLaunchError`s.
 */
export async function runEhrLaunch(
  page: LaunchPage,
  request: EhrLaunchStart | EhrLaunchAnswer,
  options: SmartEnvironment = {},
): Promise<string | undefined> {
  try {
    if (request.kind === 'start') {
      await startEhrLaunchFlow(page, request, options);
      return undefined;
    }
    return await completeEhrLaunch(page, request, options);
  } catch (error) {
    throw toEhrLaunchError(error);
  }
}
