import type { AuthContext } from './caller';

/**
 * Spec §2 and §6: `skipValidation` on appointment-detail calls is honoured for admins only; for
 * anyone else the request is validated as usual, whatever the flag says.
 */
export function shouldSkipValidation(auth: Pick<AuthContext, 'isAdmin'>, requested: boolean | undefined): boolean {
  return requested === true && auth.isAdmin;
}
