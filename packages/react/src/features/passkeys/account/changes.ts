import type { Change } from '../../../account/action';
import type { LoginConfig } from '../../../types';
import { sessionDuration } from '../../../flow/session';
import { say } from '../../../texts/say';
import type { PasskeyRegistration } from '../screens/PasskeyItem';
import { texts } from './texts';

/** The passkeys section's calls, through its action runner. `failed`: the message of a passkey not created. */
export function passkeyChanges(free: (text: string) => string, config: LoginConfig, failed: (err: unknown) => string) {
  return {
    /** The browser makes a passkey and the server keeps it; like every sign-in, the session lasts the configured duration from now. */
    add: (): Change => ({
      call: (client) => client.webauthn.register({ is_passkey: true, session_duration_minutes: sessionDuration(config) }),
      change: 'passkey_added',
      success: free(texts.added),
      message: failed,
    }),
    rename: (id: string, name: string): Change => ({
      call: (client) => client.webauthn.update({ webauthn_registration_id: id, name }),
      change: 'passkey_renamed',
      success: say(free, texts.renamed, { name }),
    }),
    remove: ({ webauthn_registration_id, name }: PasskeyRegistration): Change => ({
      call: (client) => client.webauthn.delete(webauthn_registration_id),
      change: 'passkey_deleted',
      success: say(free, texts.deleted, { name }),
    }),
  };
}
