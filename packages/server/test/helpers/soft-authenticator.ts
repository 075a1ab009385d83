import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

/**
 * A software authenticator and the browser around it: it makes real WebAuthn responses (an ES256
 * key per credential, authenticatorData with the rp id hash, flags and signature counter, a CBOR
 * attestationObject of fmt 'none', a clientDataJSON naming the origin), so the server's checks run
 * as they do for a phone or a security key. The knobs play a phishing page (origin), another site
 * (rpId), an authenticator that skips the user's PIN or biometric (userVerified) and a cloned one
 * (counter).
 */
export interface Knobs {
  /** clientDataJSON.origin; the authenticator's default origin otherwise. */
  origin?: string;
  /** clientDataJSON.crossOrigin: the ceremony ran in a frame of another site; false otherwise. */
  crossOrigin?: boolean;
  /** The rp id whose hash authenticatorData carries; the options' rp id otherwise. */
  rpId?: string;
  /** The UV flag; true otherwise. */
  userVerified?: boolean;
  /** The signature counter to report (and keep); otherwise 0 at registration, then one more per use. */
  counter?: number;
  /** Which held credential answers an assertion; otherwise the first allowed one, or the newest for the rp id. */
  credentialId?: string;
}

interface HeldCredential {
  rpId: string;
  /** base64url of the user handle the site gave at registration. */
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

/** How a browser reaches this authenticator: it is built in. */
export const TRANSPORTS: AuthenticatorTransport[] = ['internal'];

/** A response's binary parts, as navigator.credentials hands them to a page. */
export interface RawRegistration {
  id: string;
  clientDataJSON: Uint8Array;
  attestationObject: Uint8Array;
}

export interface RawAssertion {
  id: string;
  clientDataJSON: Uint8Array;
  authenticatorData: Uint8Array;
  signature: Uint8Array;
  userHandle: Uint8Array;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/** The fields a PublicKeyCredential's JSON has whatever the ceremony; credProps says a passkey was made discoverable. */
const credentialJSON = (id: string) => ({
  id,
  rawId: id,
  type: 'public-key' as const,
  authenticatorAttachment: 'platform' as const,
  clientExtensionResults: { credProps: { rk: true } },
});

export class SoftAuthenticator {
  readonly credentials = new Map<string, HeldCredential>();

  constructor(readonly origin: string) {}

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, knobs: Knobs): Uint8Array {
    return Buffer.from(JSON.stringify({ type, challenge, origin: knobs.origin ?? this.origin, crossOrigin: knobs.crossOrigin ?? false }));
  }

  private authenticatorData(rpId: string, knobs: Knobs, counter: number, attested?: Uint8Array): Uint8Array {
    const flags = FLAG_UP | (knobs.userVerified === false ? 0 : FLAG_UV) | (attested ? FLAG_AT : 0);
    return Buffer.concat([sha256(knobs.rpId ?? rpId), Buffer.from([flags]), uint32(counter), attested ?? Buffer.alloc(0)]);
  }

  /** navigator.credentials.create(): a new ES256 credential for the options' rp and user. */
  create(options: PublicKeyCredentialCreationOptionsJSON, knobs: Knobs = {}): RawRegistration {
    const rpId = options.rp.id!;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key of an EC2 P-256 key for ES256: kty 2, alg -7, crv 1, x, y.
    const coseKey = new Map<number, CBORType>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const credentialId = randomBytes(32);
    const counter = knobs.counter ?? 0;
    // attestedCredentialData: AAGUID (none: zeros), the id's length and the id, the public key.
    const attested = Buffer.concat([Buffer.alloc(16), Buffer.from([0, credentialId.length]), credentialId, encodeCBOR(coseKey)]);
    const authData = this.authenticatorData(rpId, knobs, counter, attested);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const id = b64(credentialId);
    this.credentials.set(id, { rpId, userHandle: options.user.id, privateKey, counter });
    return { id, clientDataJSON: this.clientData('webauthn.create', options.challenge, knobs), attestationObject };
  }

  /** navigator.credentials.get(): an assertion signed by a held credential of the options' rp. */
  get(options: PublicKeyCredentialRequestOptionsJSON, knobs: Knobs = {}): RawAssertion {
    const rpId = options.rpId!;
    const allowed = options.allowCredentials?.map((descriptor) => descriptor.id) ?? [];
    const held = [...this.credentials].filter(([, credential]) => credential.rpId === rpId);
    const id = knobs.credentialId ?? (allowed.length ? allowed.find((candidate) => this.credentials.has(candidate)) : held.at(-1)?.[0]);
    const credential = id ? this.credentials.get(id) : undefined;
    if (!id || !credential) throw new Error(`The soft authenticator holds no credential for ${rpId}.`);
    credential.counter = knobs.counter ?? credential.counter + 1;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, knobs);
    const authenticatorData = this.authenticatorData(rpId, knobs, credential.counter);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), credential.privateKey);
    return { id, clientDataJSON, authenticatorData, signature, userHandle: Buffer.from(credential.userHandle, 'base64url') };
  }

  /** create(), as @simplewebauthn/browser's startRegistration() would post it. */
  register(options: PublicKeyCredentialCreationOptionsJSON, knobs: Knobs = {}): RegistrationResponseJSON {
    const raw = this.create(options, knobs);
    return {
      ...credentialJSON(raw.id),
      response: { clientDataJSON: b64(raw.clientDataJSON), attestationObject: b64(raw.attestationObject), transports: TRANSPORTS },
    };
  }

  /** get(), as @simplewebauthn/browser's startAuthentication() would post it. */
  authenticate(options: PublicKeyCredentialRequestOptionsJSON, knobs: Knobs = {}): AuthenticationResponseJSON {
    const raw = this.get(options, knobs);
    return {
      ...credentialJSON(raw.id),
      response: {
        clientDataJSON: b64(raw.clientDataJSON),
        authenticatorData: b64(raw.authenticatorData),
        signature: b64(raw.signature),
        userHandle: b64(raw.userHandle),
      },
    };
  }
}
