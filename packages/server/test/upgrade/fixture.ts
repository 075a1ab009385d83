import { createPrivateKey, type JsonWebKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SoftAuthenticator } from '../helpers/soft-authenticator.js';
import type { PersonWithWaysIn } from '../helpers/ways-in.js';

/**
 * The upgrade fixtures (made once by make-fixture.ts): an embedded database and a PostgreSQL dump
 * as the release before issue 31 left them, and what was made in each.
 */
export const FIXTURES = {
  /** PGlite's dumpDataDir tarball of the data folder's db/, brotli-compressed (a third of gzip's size). */
  embedded: fileURLToPath(new URL('./fixtures/embedded-db.tar.br', import.meta.url)),
  /** pg_dump --format=custom of a database at the same state. */
  postgres: fileURLToPath(new URL('./fixtures/postgres.dump', import.meta.url)),
  made: fileURLToPath(new URL('./fixtures/made.json', import.meta.url)),
};

/** A passkey the soft authenticator holds, with its private key, so a test can sign in with it long after. */
interface HeldPasskey {
  id: string;
  rp_id: string;
  user_handle: string;
  counter: number;
  private_jwk: JsonWebKey;
}

/** A person of the fixture: their password, passkeys and a session token. */
export interface MadePerson {
  email: string;
  password: string;
  user_id: string;
  session: string;
  origin: string;
  passkeys: HeldPasskey[];
}

/** What was made in one of the fixture's databases. */
export interface MadeDatabase {
  person: MadePerson;
  /** A management API key made by `vestibule-server keys create`. */
  management_key: string;
  /** The key ids /.well-known/jwks.json published. */
  kids: string[];
  /** A refresh token of the development relying party (demo-rp), from the identity provider's code flow. */
  refresh_token: string;
  /** The migrations the release had run, by name. */
  migrations: string[];
}

export interface MadeFixture {
  /** The commit the databases were made by. */
  commit: string;
  made_at: string;
  /** VESTIBULE_SECRET of the servers that made them. */
  secret: string;
  embedded: MadeDatabase;
  postgres: MadeDatabase;
}

export const readMadeFixture = (): MadeFixture => JSON.parse(readFileSync(FIXTURES.made, 'utf8')) as MadeFixture;

/** The person as made.json keeps them: the authenticator's credentials with their private keys. */
export function madePerson(person: PersonWithWaysIn, origin: string): MadePerson {
  const passkeys = [...person.authenticator.credentials].map(([id, held]) => ({
    id,
    rp_id: held.rpId,
    user_handle: held.userHandle,
    counter: held.counter,
    private_jwk: held.privateKey.export({ format: 'jwk' }),
  }));
  return { email: person.email, password: person.password, user_id: person.userId, session: person.session, origin, passkeys };
}

/** The person back, with an authenticator holding their passkeys. */
export function personFrom(made: MadePerson): PersonWithWaysIn {
  const authenticator = new SoftAuthenticator(made.origin);
  for (const passkey of made.passkeys) {
    authenticator.credentials.set(passkey.id, {
      rpId: passkey.rp_id,
      userHandle: passkey.user_handle,
      counter: passkey.counter,
      privateKey: createPrivateKey({ key: passkey.private_jwk, format: 'jwk' }),
    });
  }
  return { email: made.email, password: made.password, userId: made.user_id, session: made.session, authenticator };
}
