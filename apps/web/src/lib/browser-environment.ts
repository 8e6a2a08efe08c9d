/**
 * What a sign-in flow (SSO, EHR launch) touches in the browser, replaceable in tests: the network, the
 * navigation that leaves Cairn, and the two storages.
 */
export interface BrowserEnvironment {
  fetch?: typeof fetch;
  navigate?: (url: string) => void;
  local?: Storage;
  session?: Storage;
}

export function browserEnvironment(options: BrowserEnvironment): Required<BrowserEnvironment> {
  return {
    fetch: options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args)),
    navigate: options.navigate ?? ((url: string) => window.location.assign(url)),
    local: options.local ?? localStorage,
    session: options.session ?? sessionStorage,
  };
}
