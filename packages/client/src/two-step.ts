import type { RouteResponse } from '@vestibule/contract';
import { VestibuleSDKError } from './errors.js';
import type { HttpClient } from './http.js';
import type { SessionManager } from './session-manager.js';
import type { SignIn } from './sign-in.js';
import type { VestibuleClient } from './types.js';

const NO_INTERMEDIATE_SESSION = 'This sign-in has expired or was already completed. Please sign in again.';

/**
 * The second step of a sign-in held back for two-step verification: each call sends the
 * intermediate session token from its cookie. A token the server no longer knows (expired, used)
 * is removed, so the page does not offer a step that cannot finish. The confirm calls prove the
 * step again on the signed-in session instead (its Bearer token), and store the session answered.
 */
export function createTwoStep(http: HttpClient, signIn: SignIn, sessions: SessionManager): VestibuleClient['twoStep'] {
  function token(): string {
    const value = sessions.getIntermediateSessionToken();
    if (!value) throw new VestibuleSDKError('intermediate_session_not_found', NO_INTERMEDIATE_SESSION);
    return value;
  }
  async function step<T>(call: (intermediate_session_token: string) => Promise<T>): Promise<T> {
    try {
      return await call(token());
    } catch (error) {
      if ((error as { error_type?: string }).error_type === 'intermediate_session_not_found') sessions.destroy();
      throw error;
    }
  }
  return {
    authenticate: ({ code, session_duration_minutes }) =>
      step((intermediate_session_token) => signIn('POST /sdk/v1/two_step/totp/authenticate', { intermediate_session_token, code, session_duration_minutes })),
    authenticateWithRecoveryCode: ({ recovery_code, session_duration_minutes }) =>
      step((intermediate_session_token) =>
        signIn('POST /sdk/v1/two_step/recovery_codes/authenticate', { intermediate_session_token, recovery_code, session_duration_minutes }),
      ),
    create: () => step((intermediate_session_token) => http.request('POST /sdk/v1/two_step/totp/create', { intermediate_session_token })),
    enrol: ({ code, session_duration_minutes }) =>
      step(
        (intermediate_session_token): Promise<RouteResponse<'POST /sdk/v1/two_step/totp/enrol'>> =>
          signIn('POST /sdk/v1/two_step/totp/enrol', { intermediate_session_token, code, session_duration_minutes }),
      ),
    confirm: ({ code, session_duration_minutes }) => signIn('POST /sdk/v1/two_step/totp/confirm', { code, session_duration_minutes }),
    confirmWithRecoveryCode: ({ recovery_code, session_duration_minutes }) =>
      signIn('POST /sdk/v1/two_step/recovery_codes/confirm', { recovery_code, session_duration_minutes }),
  };
}
