import type { VestibuleClient } from '@vestibule/client';

/**
 * client.session.attest, for the session guard (authTokenParams), or null when the client has none
 * (it is not in @vestibule/client yet; the guard then reports an error and shows 'no active session').
 */
export interface SessionAttest {
  attest(request: { profile_id: string; token: string; session_duration_minutes: number }): Promise<unknown>;
}

export function attestOf(client: VestibuleClient): SessionAttest['attest'] | null {
  const session = client.session as VestibuleClient['session'] & Partial<SessionAttest>;
  return session.attest ? session.attest.bind(session) : null;
}
