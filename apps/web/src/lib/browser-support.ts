import { BROWSER_MINIMUMS } from '../config/constants';

/** Browser support status of spec §3. */
export type BrowserSupportStatus = 'Supported' | 'Outdated' | 'Unsupported';

export interface BrowserSupport {
  status: BrowserSupportStatus;
  title: string;
  description: string;
  /** The alert shown on the generic error screen (spec §4). */
  alertType: 'success' | 'info' | 'warning';
}

interface DetectedBrowser {
  name: string;
  version: string;
  /** Chrome, Edge and other Chromium browsers. */
  isChromeFamily: boolean;
  minimum: number | undefined;
}

const UPDATE_ADVICE = 'For the best experience, please switch to or update to the latest version of Google Chrome.';

/** Classifies a user agent against the minimum versions of spec §9. */
export function getBrowserSupport(userAgent: string): BrowserSupport {
  const browser = detectBrowser(userAgent);
  const label = `${browser.name} ${browser.version}`.trim();
  if (browser.minimum !== undefined && isAtLeast(browser.version, browser.minimum)) {
    return {
      status: 'Supported',
      title: `You are using ${label} which is supported`,
      description: 'Your browser is up to date and supported.',
      alertType: 'success',
    };
  }
  if (browser.isChromeFamily && browser.minimum !== undefined) {
    return {
      status: 'Outdated',
      title: `We noticed you're using ${label} which is outdated`,
      description: UPDATE_ADVICE,
      alertType: 'info',
    };
  }
  return {
    status: 'Unsupported',
    // Spelled as in the original product (spec §4).
    title: `We noticed you're using ${label} which cairn doesn't supported`,
    description: UPDATE_ADVICE,
    alertType: 'warning',
  };
}

function detectBrowser(userAgent: string): DetectedBrowser {
  const match = (pattern: RegExp) => pattern.exec(userAgent)?.[1];
  const edge = match(/Edg(?:e|A|iOS)?\/([\d.]+)/);
  if (edge) return { name: 'Edge', version: majorMinor(edge), isChromeFamily: true, minimum: BROWSER_MINIMUMS.Edge };
  const opera = match(/(?:OPR|Opera)\/([\d.]+)/);
  if (opera) return { name: 'Opera', version: majorMinor(opera), isChromeFamily: false, minimum: undefined };
  const chromeIos = match(/CriOS\/([\d.]+)/);
  if (chromeIos)
    return { name: 'Chrome', version: majorMinor(chromeIos), isChromeFamily: true, minimum: BROWSER_MINIMUMS.Chrome };
  const chrome = match(/(?:Chrome|Chromium)\/([\d.]+)/);
  if (chrome)
    return { name: 'Chrome', version: majorMinor(chrome), isChromeFamily: true, minimum: BROWSER_MINIMUMS.Chrome };
  const firefox = match(/(?:Firefox|FxiOS)\/([\d.]+)/);
  if (firefox)
    return { name: 'Firefox', version: majorMinor(firefox), isChromeFamily: false, minimum: BROWSER_MINIMUMS.Firefox };
  const safari = /Safari\//.test(userAgent) ? match(/Version\/([\d.]+)/) : undefined;
  if (safari)
    return { name: 'Safari', version: majorMinor(safari), isChromeFamily: false, minimum: BROWSER_MINIMUMS.Safari };
  return { name: 'an unknown browser', version: '', isChromeFamily: false, minimum: undefined };
}

function majorMinor(version: string): string {
  const [major, minor] = version.split('.');
  return minor && minor !== '0' ? `${major ?? ''}.${minor}` : (major ?? '');
}

/** Compares major then minor, so that Safari 17.10 counts as newer than 17.6. */
function isAtLeast(version: string, minimum: number): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [minimumMajor = 0, minimumMinor = 0] = String(minimum).split('.').map(Number);
  return major > minimumMajor || (major === minimumMajor && minor >= minimumMinor);
}
