import type { ConfirmChoice } from '../../../flow/feature';
import type { User } from '@vestibule/contract';
import { texts } from './texts';

/**
 * A passcode to each of the user's verified addresses and numbers, as the confirm step offers them.
 * The choice's key says where the code goes ('email:' or 'sms:' and the destination).
 */
export function passcodeChoices(user: User): ConfirmChoice[] {
  return [
    ...user.emails.filter((e) => e.verified).map((e) => ({ key: `email:${e.email}`, label: texts.emailCodeTo, values: { destination: e.email } })),
    ...user.phone_numbers
      .filter((p) => p.verified)
      .map((p) => ({ key: `sms:${p.phone_number}`, label: texts.textCodeTo, values: { destination: p.phone_number } })),
  ];
}

/** Where a choice's code goes. */
export function passcodeChoice(key: string): { channel: 'email' | 'sms'; destination: string } {
  const at = key.indexOf(':');
  return { channel: key.slice(0, at) === 'email' ? 'email' : 'sms', destination: key.slice(at + 1) };
}
