import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { TRANSPORTS, type Knobs, type SoftAuthenticator } from './soft-authenticator.js';

/**
 * navigator.credentials and PublicKeyCredential as a browser with one built-in authenticator has
 * them, backed by the software authenticator: @simplewebauthn/browser (so the real client) runs
 * its own code against them, binary options in and binary credentials out. `knobs` is read at
 * each ceremony, so a test can turn the page into a phishing one between calls.
 */
export function installWebAuthnBrowser(target: typeof globalThis, authenticator: SoftAuthenticator, knobs: Knobs): void {
  const b64 = (buffer: BufferSource) => Buffer.from(buffer instanceof ArrayBuffer ? buffer : buffer.buffer).toString('base64url');
  const arrayBuffer = (bytes: Uint8Array) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const idOf = (id: string) => arrayBuffer(Buffer.from(id, 'base64url'));
  const credential = (id: string, response: object) => ({
    id,
    rawId: idOf(id),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response,
    getClientExtensionResults: () => ({ credProps: { rk: true } }),
  });

  const credentials = {
    async create({ publicKey }: { publicKey: PublicKeyCredentialCreationOptions }) {
      const options = {
        ...publicKey,
        challenge: b64(publicKey.challenge),
        user: { ...publicKey.user, id: b64(publicKey.user.id) },
      } as unknown as PublicKeyCredentialCreationOptionsJSON;
      const raw = authenticator.create(options, knobs);
      return credential(raw.id, {
        clientDataJSON: arrayBuffer(raw.clientDataJSON),
        attestationObject: arrayBuffer(raw.attestationObject),
        getTransports: () => TRANSPORTS,
      });
    },
    async get({ publicKey }: { publicKey: PublicKeyCredentialRequestOptions }) {
      const options = {
        ...publicKey,
        challenge: b64(publicKey.challenge),
        allowCredentials: publicKey.allowCredentials?.map((descriptor) => ({ ...descriptor, id: b64(descriptor.id) })),
      } as unknown as PublicKeyCredentialRequestOptionsJSON;
      const raw = authenticator.get(options, knobs);
      return credential(raw.id, {
        clientDataJSON: arrayBuffer(raw.clientDataJSON),
        authenticatorData: arrayBuffer(raw.authenticatorData),
        signature: arrayBuffer(raw.signature),
        userHandle: arrayBuffer(raw.userHandle),
      });
    },
  };
  // Node 20 has no navigator; later versions have one without credentials.
  Object.defineProperty(target, 'navigator', { value: { ...target.navigator, credentials }, configurable: true, writable: true });
  Object.defineProperty(target, 'PublicKeyCredential', { value: class PublicKeyCredential {}, configurable: true, writable: true });
}
