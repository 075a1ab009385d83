import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { openSecret, sealSecret } from '../../security/secret-box.js';

/** What secret-box binds into a sealed endpoint secret, so that no other sealed secret passes for one. */
const PURPOSE = 'webhook-signing-secret';

/** A new signing secret in Standard Webhooks' form: `whsec_` and the base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function sealSigningSecret(secret: string, key: Uint8Array): Promise<string> {
  return sealSecret(secret, PURPOSE, key);
}

/**
 * The Standard Webhooks headers of one attempt: `webhook-id` is the event's id (the same on every
 * retry and resend, so a receiver can drop what it already handled), `webhook-timestamp` the time
 * of sending and `webhook-signature` the HMAC of the three, by the specification's own library.
 */
export async function signedHeaders(sealed: string, key: Uint8Array, eventId: string, sentAt: Date, body: string): Promise<Record<string, string>> {
  const signer = new Webhook(await openSecret(sealed, PURPOSE, key));
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': signer.sign(eventId, sentAt, body),
  };
}
