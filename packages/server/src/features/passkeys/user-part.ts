import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { WebAuthnRegistration } from '@vestibule/contract';
import { userPart } from '../../kernel/users.js';
import type { WebAuthnRegistrationRow } from './tables.js';

/** A passkey as the API shows it (in the User, and when renamed). */
export const toWebAuthnRegistration = (row: Pick<WebAuthnRegistrationRow, 'webauthn_registration_id' | 'name' | 'created_at'>): WebAuthnRegistration => ({
  webauthn_registration_id: row.webauthn_registration_id,
  name: row.name,
  created_at: row.created_at.toISOString(),
});

/** The User's passkeys, oldest first. */
export const passkeysPart = userPart({
  field: 'webauthn_registrations',
  select: (eb) =>
    jsonArrayFrom(
      eb
        .selectFrom('webauthn_registrations')
        .select(['webauthn_registration_id', 'webauthn_registrations.name', 'webauthn_registrations.created_at'])
        .whereRef('webauthn_registrations.user_id', '=', 'users.user_id')
        .orderBy('created_at')
        .orderBy('webauthn_registration_id'),
    ),
  // Timestamps inside JSON come back as text.
  read: (rows) => rows.map((row) => toWebAuthnRegistration({ ...row, created_at: new Date(row.created_at) })),
});
