import type { Answer, ListeningServer } from './listening.js';
import { pkcePair } from './pkce.js';

/** The development relying party (demo-rp) as an app does it, against a listening server. */
export const RP = 'http://localhost:3001/callback';

/** What a session approves for the app (openid offline_access), exchanged: its access and refresh tokens. */
export async function approveApp(server: ListeningServer, session: string): Promise<{ access: string; refresh: string }> {
  const { verifier, challenge } = pkcePair();
  const request = {
    client_id: 'demo-rp',
    redirect_uri: RP,
    scope: 'openid offline_access',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 's',
  };
  const submit = await server.send('POST', '/sdk/v1/oauth2/authorize', { ...request, consent_granted: true }, { session });
  if (submit.status !== 200) throw new Error(`authorize refused: ${JSON.stringify(submit.body)}`);
  const code = new URL(submit.body.redirect_uri).searchParams.get('code')!;
  const form = { grant_type: 'authorization_code', code, redirect_uri: RP, code_verifier: verifier, client_id: 'demo-rp' };
  const tokens = await server.send('POST', '/oauth2/token', undefined, { token: null, form });
  if (tokens.status !== 200) throw new Error(`code exchange refused: ${JSON.stringify(tokens.body)}`);
  return { access: tokens.body.access_token, refresh: tokens.body.refresh_token };
}

export const refreshApp = (server: ListeningServer, token: string): Promise<Answer> =>
  server.send('POST', '/oauth2/token', undefined, { token: null, form: { grant_type: 'refresh_token', refresh_token: token, client_id: 'demo-rp' } });

export const userinfo = (server: ListeningServer, access: string): Promise<Answer> =>
  server.send('GET', '/oauth2/userinfo', undefined, { token: null, headers: { Authorization: `Bearer ${access}` } });

/** The reset link's token in a reset email. */
export function resetTokenIn(text: string): string {
  const match = /https?:\/\/\S+vestibule_token_type=reset_password\S*/.exec(text);
  if (!match) throw new Error(`No reset link in: ${text}`);
  return new URL(match[0]).searchParams.get('token')!;
}
