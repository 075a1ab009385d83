import type { AuditEvent, ManagedUser } from '@vestibule/contract';

const dateTimeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** A time as operators read it, in their own time zone; `never` for none. */
export const dateTime = (iso: string | null, never = 'Never'): string => (iso ? dateTimeFormat.format(new Date(iso)) : never);

/** How the console names a user: their primary email, else their primary phone number, else their id. */
export function userLabel(user: Pick<ManagedUser, 'user_id' | 'emails' | 'phone_numbers'>): string {
  return (
    user.emails.find((email) => email.primary)?.email ??
    user.emails[0]?.email ??
    user.phone_numbers.find((phone) => phone.primary)?.phone_number ??
    user.phone_numbers[0]?.phone_number ??
    user.user_id
  );
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : `${count} ${many}`);

/** The ways a user can sign in, in words: what the Users table and a user's page list. */
export function waysIn(user: ManagedUser): string[] {
  const ways: string[] = [];
  const emails = user.emails.filter((email) => email.verified).length;
  const phones = user.phone_numbers.filter((phone) => phone.verified).length;
  if (emails) ways.push(plural(emails, 'Email', 'emails'));
  if (phones) ways.push(plural(phones, 'Phone', 'phones'));
  if (user.password) ways.push('Password');
  if (user.webauthn_registrations.length) ways.push(plural(user.webauthn_registrations.length, 'Passkey', 'passkeys'));
  for (const account of user.oauth_accounts) ways.push(providerName(account.provider_type));
  if (user.crypto_wallets.length) ways.push(plural(user.crypto_wallets.length, 'Wallet', 'wallets'));
  if (user.totp) ways.push('Two-step verification');
  return ways;
}

/** 'github' → 'Github': the provider's type, capitalised, as a name. */
export const providerName = (type: string): string => type.charAt(0).toUpperCase() + type.slice(1);

const METHODS: Record<string, string> = {
  magic_link: 'email link',
  otp: 'passcode',
  password: 'password',
  webauthn: 'passkey',
  oauth: 'social account',
  crypto: 'wallet',
  attested: 'trusted token',
  totp: 'authenticator app',
  recovery_code: 'recovery code',
};

/** A sign-in method ('otp') as operators read it ('passcode'). */
export const methodName = (type: string): string => METHODS[type] ?? type.replace(/_/g, ' ');

/** What an event says beyond its type: its data's plain values (ids aside), a sign-in's methods, who acted. */
export function eventDetails(event: AuditEvent): string {
  const parts: string[] = [];
  const factors = event.data.authentication_factors;
  if (Array.isArray(factors)) parts.push(`by ${factors.map((factor: { type?: string }) => methodName(String(factor.type))).join(' and ')}`);
  for (const [name, value] of Object.entries(event.data)) {
    if (name === 'user_id' || name.endsWith('_id') || value === null || typeof value === 'object') continue;
    parts.push(`${name.replace(/_/g, ' ')}: ${String(value)}`);
  }
  if (event.actor)
    parts.push(
      `by ${event.actor.type === 'management_key' ? 'key' : 'operator'} ${event.actor.name ?? event.actor.key_id ?? event.actor.user_id ?? ''}`.trim(),
    );
  return parts.join(' · ');
}
