/** Business constants and limits of spec §9. */

export const PATIENTS_PER_PAGE = 20;
export const ALERT_DISPLAY_MS = 2500;
export const COPY_SUCCESS_MS = 3000;
/** Maximum width of a PDF document: half the window. */
export const MAX_PDF_WIDTH_RATIO = 0.5;
/** SSO tokens are renewed when they expire within this margin. */
export const SAML_TOKEN_REFRESH_MARGIN_MS = 60_000;
/** A token with less than this left is stale. */
export const STALE_TOKEN_MS = 60 * 60 * 1000;
export const SUMMARIES_CACHE_TTL_MS = 3_600_000;
export const SUPPORT_WIDGET_TIMEOUT_MS = 15_000;
export const FEATURE_FLAG_WAIT_SECONDS = 5;
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

/** Logo heights in pixels. */
export const LOGO_SIZES = { Small: 30, Base: 38, Large: 44 } as const;
export type LogoSize = keyof typeof LOGO_SIZES;

export const BREAKPOINTS = { medium: 1200, large: 1460 } as const;
export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 80;
/** The side menu is at least 35 % of the window wide and at most 615 px. */
export const SIDE_MENU_MIN_RATIO = 0.35;
export const SIDE_MENU_MAX_WIDTH = 615;

export const Z_INDEX = {
  natural: 1,
  stickyHeader: 2,
  headerBottomPanel: 3,
  feedbackButton: 203,
  bugReport: 999_999_999,
} as const;

/** Notifications stay until closed, one at a time, 45 px from the bottom. */
export const NOTIFICATION_CONFIG = { duration: 0, maxCount: 1, bottom: 45 } as const;

/** Cookie defaults: path /, a year, secure, SameSite None (so they work inside an EHR frame). */
export const COOKIE_DEFAULTS = { path: '/', expiryDays: 365, secure: true, sameSite: 'None' } as const;

/** Minimum browser versions (spec §9). */
export const BROWSER_MINIMUMS = { Chrome: 109, Edge: 135, Firefox: 138, Safari: 17.6 } as const;
