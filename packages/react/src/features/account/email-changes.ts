import type { UserEmail } from '@vestibule/contract';
import type { Change } from '../../account/action';
import { say } from '../../texts/say';
import { texts } from './texts';

/**
 * The email section's changes: the calls it makes through its action runner (a section's
 * components draw and send these, as a login screen sends events; only these call the client).
 */
export function emailChanges(free: (text: string) => string) {
  return {
    /** A passcode to an address to add, or to one of the user's own to verify it: the next step is its entry. */
    sendCode: (email: string): Change => ({ call: (client) => client.account.emailStart({ email }), field: true }),
    resend: (email: string): Change => ({ call: (client) => client.account.emailStart({ email }), field: true, success: free(texts.codeResent) }),
    add: (email: string, code: string, verifying: boolean): Change => ({
      call: (client) => client.account.emailAdd({ email, code }),
      field: true,
      change: verifying ? 'email_verified' : 'email_added',
      success: free(verifying ? texts.emailVerified : texts.emailAdded),
    }),
    makePrimary: ({ email_id, email }: UserEmail): Change => ({
      call: (client) => client.account.emailPrimary({ email_id }),
      change: 'email_made_primary',
      success: say(free, texts.emailMadePrimary, { email }),
    }),
    remove: ({ email_id, email }: UserEmail): Change => ({
      call: (client) => client.account.emailRemove({ email_id }),
      change: 'email_removed',
      success: say(free, texts.emailRemoved, { email }),
    }),
  };
}
