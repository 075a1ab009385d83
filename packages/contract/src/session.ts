export interface UserEmail {
  email_id: string;
  email: string;
  verified: boolean;
}

export interface WebAuthnRegistration {
  webauthn_registration_id: string;
  name: string;
  created_at: string;
}

export interface User {
  user_id: string;
  status: 'active' | 'pending';
  created_at: string;
  emails: UserEmail[];
  phone_numbers: { phone_id: string; phone_number: string; verified: boolean }[];
  webauthn_registrations: WebAuthnRegistration[];
  /** Present when the user has a password; never carries the hash. */
  password: { password_id: string } | null;
}

export type AuthenticationFactorType = 'magic_link' | 'otp' | 'password' | 'webauthn' | 'oauth' | 'crypto' | 'attested';

export interface AuthenticationFactor {
  type: AuthenticationFactorType;
  delivery_method: 'email' | 'sms' | 'whatsapp' | 'knowledge' | 'webauthn' | 'oauth' | 'crypto' | 'attested';
  last_authenticated_at: string;
  email_factor?: { email_id: string; email_address: string };
  /** Set for an OTP sent by SMS or WhatsApp: the phone number it went to (E.164). */
  phone_number_factor?: { phone_id: string; phone_number: string };
}

export interface Session {
  session_id: string;
  user_id: string;
  started_at: string;
  expires_at: string;
  last_accessed_at: string;
  authentication_factors: AuthenticationFactor[];
}

/** Returned by every call that signs a user in or refreshes a session. */
export interface SessionResponse {
  status_code: 200;
  request_id: string;
  user_id: string;
  user: User;
  session: Session;
  /** Opaque random token (at least 128 bits); the server keeps only its hash. */
  session_token: string;
  /** Short-lived JWT signed with the key published at /.well-known/jwks.json. */
  session_jwt: string;
}
