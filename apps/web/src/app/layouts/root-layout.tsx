import { useState } from 'react';
import { Outlet } from 'react-router';
import { LazyCookiesDisabledScreen as CookiesDisabledScreen } from '../lazy-screens';
import { checkCookies, CookiesNotEnabledError } from '../../lib/cookies';

/** Every route passes here: the app needs cookies (spec §5), so it checks once before anything else. */
export function RootLayout() {
  const [cookieError] = useState(() => {
    try {
      checkCookies();
      return undefined;
    } catch (error) {
      if (error instanceof CookiesNotEnabledError) return error;
      throw error;
    }
  });
  if (cookieError) return <CookiesDisabledScreen isEmbedded={cookieError.isEmbedded} />;
  return <Outlet />;
}
