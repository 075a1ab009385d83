import { useEffect, useState } from 'react';
import type { Session, User } from '@vestibule/contract';
import type { VestibuleClient } from '@vestibule/client';

/** The signed-in user and session, kept current through the client's change listeners. */
export function useSession(client: VestibuleClient): { user: User | null; session: Session | null } {
  const [user, setUser] = useState(() => client.user.getSync());
  const [session, setSession] = useState(() => client.session.getSync());
  useEffect(() => {
    const offUser = client.user.onChange(setUser);
    const offSession = client.session.onChange(setSession);
    return () => {
      offUser();
      offSession();
    };
  }, [client]);
  return { user, session };
}
