import type { ReactNode } from 'react';
import { useUser } from './lookups';
import { userLabel } from './user-names';

/** A user's name from their id; looked up only for those allowed to see users (else a 403 alert would show). */
export function UserName({ id, empty = '—' }: { id: number | null; empty?: ReactNode }) {
  const user = useUser(id);
  if (id === null) return <>{empty}</>;
  return <>{user.data ? userLabel(user.data) : `#${id}`}</>;
}
