import { permissionsBeyondGiver } from '@backbeat/common';
import { useCurrentUser } from '../../../lib/bootstrap.ts';
import { useAllRoles } from './queries.ts';

/**
 * Which of these permissions the signed-in staff member may not hand out: the server's rule
 * (common/access.ts, issue 35), so the forms lock exactly what a save would refuse. What the
 * default roles give every new account counts as given; until the roles load, nothing does.
 */
export function useCannotGive(): (names: string[]) => string[] {
  const user = useCurrentUser();
  const roles = useAllRoles();
  const everyoneGets = (roles.data ?? [])
    .filter((role) => role.is_default)
    .flatMap((role) => role.permissions.map((p) => p.name));
  return (names) => (user ? permissionsBeyondGiver(user, names, everyoneGets) : names);
}
