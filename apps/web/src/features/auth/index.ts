// What other features may use of sign-in. The app's routes load the sign-in screens themselves.
export { acceptAddonSsoToken } from './sso';
