import type { User } from '@vestibule/contract';
import { readablePhoneNumber } from './phone-number';

/** How the demo names the signed-in person: what they signed in with, never an internal id when avoidable. */
export type SignedInAs = { kind: 'email' | 'phone' | 'wallet' | 'user-id'; text: string };

/**
 * The user's email address; for someone who signed in by a text or WhatsApp passcode and has no
 * email, their number in international form ('+44 7911 123456', as the passcode screen shows it);
 * for someone who signed in with a wallet alone, its address; the user id only when there is none
 * of these.
 */
export function signedInAs(user: User): SignedInAs {
  const email = user.emails[0]?.email;
  if (email) return { kind: 'email', text: email };
  const phone = user.phone_numbers[0]?.phone_number;
  if (phone) return { kind: 'phone', text: readablePhoneNumber(phone) };
  const wallet = user.crypto_wallets[0]?.crypto_wallet_address;
  if (wallet) return { kind: 'wallet', text: wallet };
  return { kind: 'user-id', text: user.user_id };
}
