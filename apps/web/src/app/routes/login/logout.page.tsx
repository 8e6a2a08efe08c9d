import { useEffect, useRef } from 'react';
import { signOut } from '../../../features/auth/api/logout';
import { SessionSpinner } from '../../../features/auth/components/login-gate';

/** /logout signs the user out (spec §4 "Logout") and leaves for the origin or the identity provider. */
export default function LogoutPage() {
  const hasStarted = useRef(false);
  useEffect(() => {
    // StrictMode runs effects twice in development; signing out twice would post twice.
    if (hasStarted.current) return;
    hasStarted.current = true;
    void signOut();
  }, []);
  return <SessionSpinner />;
}
