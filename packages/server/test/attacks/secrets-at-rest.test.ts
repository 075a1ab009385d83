import { statSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import type { SessionResponse } from '@vestibule/contract';
import { createSessionVerifier } from '../../src/host/index.js';
import { createDatabase } from '../../src/storage/create-database.js';
import { uniqueEmail } from '../helpers/harness.js';
import { startListening } from '../helpers/listening.js';
import { codeIn, OTP } from '../helpers/otp.js';
import { dataDirWithDatabase, PUBLIC_TOKEN, TEST_SECRET } from '../helpers/test-config.js';

/**
 * Finding 6: the passcode HMAC key lived in the same database as the passcode hashes, and private
 * signing keys were stored in plain text. Both now come from a server secret kept outside the
 * database: a copy of the database alone reveals neither passcodes nor keys.
 */
/** A private EC JWK's "d" member, as a JSON object or inside a JSON string. */
const PRIVATE_MEMBER = /\\?"d\\?"\s*:/;

async function everyStoredValue(dataDir: string): Promise<string> {
  const { db } = await createDatabase({ databaseUrl: null, dataDir });
  try {
    const tables = ['server_secrets', 'signing_keys', 'one_time_secrets'] as const;
    const rows = await Promise.all(tables.map((table) => db.selectFrom(table).selectAll().execute()));
    return JSON.stringify(rows);
  } finally {
    await db.destroy();
  }
}

describe('secrets at rest', () => {
  it('in development generates the secret into the data folder (0600), and the database holds no key', async () => {
    const dataDir = dataDirWithDatabase();
    const s = await startListening({ dataDir });
    let session: SessionResponse;
    let code: string;
    try {
      expect(statSync(join(dataDir, 'secret')).mode & 0o777).toBe(0o600);
      const email = uniqueEmail('at-rest');
      await s.send('POST', OTP.email, { email });
      code = codeIn((await s.outbox(email))[0]!.text);
      session = await s.signInByLink(uniqueEmail('jwt'));
    } finally {
      await s.close();
    }
    const stored = await everyStoredValue(dataDir);
    expect(stored).not.toContain(code);
    expect(stored).not.toContain('otp_hmac_key');
    // A private EC JWK has a "d" member; what is stored is a compact JWE (five dot-separated parts).
    expect(stored).not.toMatch(PRIVATE_MEMBER);
    expect(stored).toMatch(/"private_jwe":"[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+"/);

    // The same folder starts again with the generated secret, and sessions signed before still verify.
    const again = await startListening({ dataDir });
    try {
      const jwks = `http://127.0.0.1:${again.port}/.well-known/jwks.json`;
      const claims = await createSessionVerifier({ apiUrl: again.config.publicUrl, publicToken: PUBLIC_TOKEN, jwksUrl: jwks }).verify(session.session_jwt);
      expect(claims.sub).toBe(session.user_id);
      const refreshed = await again.send('POST', '/sdk/v1/sessions/authenticate', {}, { session: session.session_token });
      expect(refreshed.status).toBe(200);
    } finally {
      await again.close();
    }
  });

  it('seals a private key left in plain text by an older version at the next start', async () => {
    const dataDir = dataDirWithDatabase();
    await (await startListening({ dataDir, secret: TEST_SECRET })).close();
    const { db } = await createDatabase({ databaseUrl: null, dataDir });
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    await db
      .insertInto('signing_keys')
      .values({
        kid: 'old-plain-key',
        alg: 'ES256',
        status: 'previous',
        public_jwk: JSON.stringify(await exportJWK(publicKey)),
        private_jwk: JSON.stringify(await exportJWK(privateKey)),
        created_at: new Date(),
      })
      .execute();
    await db.destroy();
    expect(await everyStoredValue(dataDir)).toMatch(PRIVATE_MEMBER);
    await (await startListening({ dataDir, secret: TEST_SECRET })).close();
    const stored = await everyStoredValue(dataDir);
    expect(stored).not.toMatch(PRIVATE_MEMBER);
    expect(stored).toContain('"kid":"old-plain-key"');
  });

  it('refuses to start on a database first started with another secret', async () => {
    const dataDir = dataDirWithDatabase();
    await (await startListening({ dataDir, secret: TEST_SECRET })).close();
    await expect(startListening({ dataDir, secret: 'a-different-secret-0123456789abcdef' })).rejects.toThrow(
      'VESTIBULE_SECRET is not the secret this database was first started with. Every instance sharing a database needs the same secret.',
    );
  });
});
