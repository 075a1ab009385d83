import type { VestibuleClient } from '@vestibule/client';
import type { AuthorizeParams, LogoutParams, ScopeResult } from './params';

/**
 * The client's identity-provider calls as this feature uses them (client.idp, and
 * client.session.attest for the session guard). Written against the API agreed for
 * packages/client (branch wip/idp-server); once the client has them, these types are its own.
 */
export interface IdpClientApi {
  authorizeStart(request: AuthorizeParams): Promise<{
    consent_required: boolean;
    client: { client_id: string; client_name?: string | null; client_type?: string };
    redirect_uri: string;
    scope_results: ScopeResult[];
    /** Present when the request ends in an error sent back to the relying party (login_required, …): redirect_uri carries it. */
    error?: string;
  }>;
  authorizeSubmit(request: AuthorizeParams & { consent_granted: boolean }): Promise<{ redirect_uri?: string | null }>;
  logoutStart(request: LogoutParams): Promise<{ consent_required: boolean; redirect_uri?: string | null }>;
}

export interface SessionAttest {
  attest(request: { profile_id: string; token: string; session_duration_minutes: number }): Promise<unknown>;
}

type IdpCapableClient = VestibuleClient & { idp?: IdpClientApi; session: VestibuleClient['session'] & Partial<SessionAttest> };

/** client.idp; a client without it fails the flow with a message (not a crash). */
export function idpOf(client: VestibuleClient): IdpClientApi {
  const idp = (client as IdpCapableClient).idp;
  if (!idp) throw new Error('Vestibule: this client has no identity-provider calls (client.idp).');
  return idp;
}

/** client.session.attest, or null when the client has none. */
export function attestOf(client: VestibuleClient): SessionAttest['attest'] | null {
  const session = (client as IdpCapableClient).session;
  return session.attest ? session.attest.bind(session) : null;
}
