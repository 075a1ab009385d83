import type { User } from '@vestibule/contract';

/** The user's primary email address, if they have one. */
export const primaryEmail = (user: User): string | null => user.emails.find((e) => e.primary)?.email ?? null;

/** The user's primary phone number (E.164), if they have one. */
export const primaryPhone = (user: User): string | null => user.phone_numbers.find((p) => p.primary)?.phone_number ?? null;

/** How a person knows the account: its primary email, else its primary phone number, else null. */
export const primaryContact = (user: User): string | null => primaryEmail(user) ?? primaryPhone(user);
