import { useLocation } from 'react-router';
import { useAddonMessages, type AddonLogger } from '../../../lib/addon-messaging';
import { acceptAddonSsoToken } from '../../auth';

/**
 * On the overlay's sign-in page: the add-on that ran SSO in its own window hands over Cairn's SSO
 * token (spec §4 "sso login succeeded"); once the server accepts it the user is signed in and the
 * login page sends them on. Loaded only on overlay paths, so /login does not carry the add-on schemas.
 */
export default function AddonSsoListener({ logger }: { logger: AddonLogger }) {
  const { search } = useLocation();
  useAddonMessages(
    {
      ssoLoginSucceeded: ({ token }) => {
        void acceptAddonSsoToken(token, { warn: (message) => logger.warn(message) }).then((accepted) => {
          if (!accepted) logger.warn('Add-on SSO token refused by the server');
        });
      },
    },
    { logger, search },
  );
  return null;
}
