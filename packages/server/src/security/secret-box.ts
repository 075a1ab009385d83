import { CompactEncrypt, compactDecrypt } from 'jose';

/**
 * Secrets the server must read back (an authenticator app's key: the codes are computed from it),
 * kept encrypted with a key derived from the server secret (dir, A256GCM): a copy of the database
 * alone does not reveal them. `purpose` is bound into the sealed text, so one kind of sealed
 * secret cannot be passed off as another.
 */
export async function sealSecret(plaintext: string, purpose: string, key: Uint8Array): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(plaintext)).setProtectedHeader({ alg: 'dir', enc: 'A256GCM', cty: purpose }).encrypt(key);
}

/** The plaintext of a sealed secret of that purpose; throws when it was sealed with another key or for another purpose. */
export async function openSecret(sealed: string, purpose: string, key: Uint8Array): Promise<string> {
  const { plaintext, protectedHeader } = await compactDecrypt(sealed, key);
  if (protectedHeader.cty !== purpose) throw new Error(`A sealed secret for ${protectedHeader.cty} was read as one for ${purpose}.`);
  return new TextDecoder().decode(plaintext);
}
