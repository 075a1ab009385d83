import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { WebAuthnConfig } from './config.js';
import { ApiError } from '../../kernel/api-error.js';
import type { Logger } from '../../kernel/logger.js';
import type { WebAuthnRegistrationRow } from './tables.js';
import { CHALLENGE_MINUTES, challengeBytes, type ChallengeBound } from './challenges.js';
import type { NewCredential } from './registrations-store.js';

/**
 * The WebAuthn ceremonies (@simplewebauthn/server does the parsing and cryptography): the options
 * each start hands the browser, and the checks of what the browser gives back. Attestation is
 * 'none': the server trusts no authenticator make more than another, so it asks for no proof of one.
 */

const TIMEOUT_MS = CHALLENGE_MINUTES * 60_000;

/** The WebAuthn user handle: the user's id as bytes (what a discoverable credential hands back as userHandle). */
export const userHandle = (userId: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(userId, 'utf8'));

/** What allowCredentials and excludeCredentials list of a credential: its id and how the browser may reach it. */
export type CredentialDescriptor = Pick<WebAuthnRegistrationRow, 'credential_id' | 'transports'>;

const descriptor = (row: CredentialDescriptor) => ({ id: row.credential_id, transports: row.transports });

/**
 * A passkey is discoverable (the browser offers it without a user name) and asks the user to
 * unlock it; a second factor (is_passkey false) may be a plain security key.
 */
export const userVerificationFor = (isPasskey: boolean): ChallengeBound['userVerification'] => (isPasskey ? 'required' : 'preferred');

export function registrationOptions(
  webauthn: WebAuthnConfig,
  input: { userId: string; userName: string; challenge: string; existing: WebAuthnRegistrationRow[]; isPasskey: boolean },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: webauthn.rpName,
    rpID: webauthn.rpId,
    userName: input.userName,
    userDisplayName: input.userName,
    userID: userHandle(input.userId),
    challenge: challengeBytes(input.challenge),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    // The browser refuses to make a second credential on an authenticator that already holds one of these.
    excludeCredentials: input.existing.map(descriptor),
    authenticatorSelection: input.isPasskey
      ? { residentKey: 'required', userVerification: 'required' }
      : { residentKey: 'discouraged', userVerification: 'preferred' },
  });
}

export function authenticationOptions(
  webauthn: WebAuthnConfig,
  input: { challenge: string; allowed: CredentialDescriptor[]; userVerification: ChallengeBound['userVerification'] },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: webauthn.rpId,
    challenge: challengeBytes(input.challenge),
    timeout: TIMEOUT_MS,
    allowCredentials: input.allowed.map(descriptor),
    userVerification: input.userVerification,
  });
}

/** Where a refusal's reason goes: the server's log, with the id of the request it refused. */
export interface RefusalLog {
  log: Logger;
  requestId: string;
}

/**
 * The library's reasons quote what the caller sent (an origin of 5.7 KB in an outside attack): the
 * start of one says which check failed.
 */
const REASON_CHARACTERS = 300;

/** Whatever the library finds wrong (origin, rp id, signature, flags, counter, encoding) is one refusal; the reason goes to the log. */
async function refusedUnless<T>({ log, requestId }: RefusalLog, check: () => Promise<T | undefined>): Promise<T> {
  let result: T | undefined;
  try {
    result = await check();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.info('Passkey response refused', { request_id: requestId, reason: reason.slice(0, REASON_CHARACTERS) });
  }
  if (result === undefined) throw new ApiError('invalid_webauthn_response');
  return result;
}

/** What every response is held to: its challenge, this site's and the related origins, the rp id, and user verification when the start asked for it. */
const expectations = (webauthn: WebAuthnConfig, input: { challenge: string; bound: ChallengeBound }) => ({
  expectedChallenge: input.challenge,
  expectedOrigin: [...webauthn.origins, ...webauthn.relatedOrigins],
  expectedRPID: webauthn.rpId,
  requireUserVerification: input.bound.userVerification === 'required',
});

/** The new credential, once its attestation verifies against the challenge, the origins and the rp id. */
export function verifyRegistration(
  webauthn: WebAuthnConfig,
  refusal: RefusalLog,
  input: { response: RegistrationResponseJSON; challenge: string; bound: ChallengeBound },
): Promise<NewCredential> {
  return refusedUnless(refusal, async () => {
    const result = await verifyRegistrationResponse({ response: input.response, ...expectations(webauthn, input) });
    if (!result.verified) return undefined;
    const { credential, userVerified } = result.registrationInfo;
    // Discoverable: a passkey's start required a resident key (the authenticator makes one or fails);
    // a second factor's may have got one anyway, which the browser reports in credProps.
    const discoverable = input.bound.userVerification === 'required' || input.response.clientExtensionResults.credProps?.rk === true;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      // What a passkey sign-in (no session) asks of it: found without a user name, its user verified.
      signsInAlone: discoverable && userVerified,
    };
  });
}

/**
 * The authenticator's new signature counter, once the assertion verifies against the stored public
 * key; a counter that did not increase (when either is non-zero) suggests a cloned authenticator.
 */
export function verifyAuthentication(
  webauthn: WebAuthnConfig,
  refusal: RefusalLog,
  input: { response: AuthenticationResponseJSON; challenge: string; bound: ChallengeBound; registration: WebAuthnRegistrationRow; counter: number },
): Promise<number> {
  return refusedUnless(refusal, async () => {
    const result = await verifyAuthenticationResponse({
      response: input.response,
      ...expectations(webauthn, input),
      credential: {
        id: input.registration.credential_id,
        publicKey: new Uint8Array(Buffer.from(input.registration.public_key, 'base64url')),
        counter: input.counter,
        transports: input.registration.transports,
      },
    });
    return result.verified ? result.authenticationInfo.newCounter : undefined;
  });
}
