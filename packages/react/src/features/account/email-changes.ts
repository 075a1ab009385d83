import type { Change } from '../../account/action';
import type { Contact } from '../../account/ContactSection';
import { texts as shared } from '../../account/texts';
import { say } from '../../texts/say';
import { texts } from './texts';

/**
 * The email section's calls, through its action runner (its components only draw and start these).
 * `locale`: the language of the passcode emails (otpOptions.locale, else the widget's).
 */
export function emailChanges(free: (text: string) => string, locale: string) {
  return {
    /** A passcode to an address to add, or to one of the user's own to verify it: the next step is its entry. */
    sendCode: (email: string): Change => ({ call: (client) => client.account.emailStart({ email, locale }), field: true }),
    resend: (email: string): Change => ({ call: (client) => client.account.emailStart({ email, locale }), field: true, success: free(shared.codeResent) }),
    add: (email: string, code: string, verifying: boolean): Change => ({
      call: (client) => client.account.emailAdd({ email, code }),
      field: true,
      change: verifying ? 'email_verified' : 'email_added',
      success: free(verifying ? texts.emailVerified : texts.emailAdded),
    }),
    makePrimary: ({ id, value }: Contact): Change => ({
      call: (client) => client.account.emailPrimary({ email_id: id }),
      change: 'email_made_primary',
      success: say(free, texts.emailMadePrimary, { email: value }),
    }),
    remove: ({ id, value }: Contact): Change => ({
      call: (client) => client.account.emailRemove({ email_id: id }),
      change: 'email_removed',
      success: say(free, texts.emailRemoved, { email: value }),
    }),
  };
}
