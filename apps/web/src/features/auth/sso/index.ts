export {
  hasSsoRequest,
  ssoRedirectTarget,
  afterSignOutTarget,
  isSamlTokenExpiring,
  ssoLoginUrlWithNext,
} from './sso-rules';
export {
  startSso,
  acceptAddonSsoToken,
  completeSso,
  handleSsoRequest,
  renewSsoSession,
  checkSamlToken,
  getSsoFailure,
  registerSsoRenewal,
  fetchSsoLogoutUrl,
  SSO_STORAGE_KEYS,
  type CompletedSso,
  type StartSsoOptions,
} from './sso';
