/**
 * Build-time settings of the web app (Vite `VITE_*` variables). The API is served by the same origin
 * as the app, so its address is relative.
 */
export const env = {
  apiUrl: '/api',
  /** Where 'Contact us' writes to until the in-app contact form exists. */
  supportEmail: (import.meta.env.VITE_CAIRN_SUPPORT_EMAIL as string | undefined) ?? 'support@localhost',
};
