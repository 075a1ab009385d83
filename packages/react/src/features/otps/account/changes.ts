import type { VestibuleClient } from '@vestibule/client';
import type { Change } from '../../../account/action';
import type { Contact } from '../../../account/ContactSection';
import { texts as shared } from '../../../account/texts';
import { say } from '../../../texts/say';
import { texts } from './texts';

/**
 * The phone numbers section's calls, through its action runner. `channel`: how the passcode goes (a
 * text, or WhatsApp); `locale`: its language (otpOptions.locale, else the widget's).
 */
export function phoneChanges(free: (text: string) => string, channel: 'sms' | 'whatsapp', locale: string) {
  const start = (phone_number: string) => (client: VestibuleClient) => client.account.phoneStart({ phone_number, channel, locale });
  return {
    sendCode: (phone: string): Change => ({ call: start(phone), field: true }),
    resend: (phone: string): Change => ({ call: start(phone), field: true, success: free(shared.codeResent) }),
    add: (phone_number: string, code: string, verifying: boolean): Change => ({
      call: (client) => client.account.phoneAdd({ phone_number, code }),
      field: true,
      change: verifying ? 'phone_number_verified' : 'phone_number_added',
      success: free(verifying ? texts.verified : texts.added),
    }),
    makePrimary: ({ id, value }: Contact): Change => ({
      call: (client) => client.account.phonePrimary({ phone_id: id }),
      change: 'phone_number_made_primary',
      success: say(free, texts.madePrimary, { phone: value }),
    }),
    remove: ({ id, value }: Contact): Change => ({
      call: (client) => client.account.phoneRemove({ phone_id: id }),
      change: 'phone_number_removed',
      success: say(free, texts.removed, { phone: value }),
    }),
  };
}
