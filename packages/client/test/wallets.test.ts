import { describe, expect, it } from 'vitest';
import { VestibuleApiError } from '../src/index.js';
import { apiError, makeSessionResponse, readCookies, testClients } from './helpers.js';

const create = testClients();

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('wallets', () => {
  it('authenticateStart sends the wallet, its chain and a PKCE challenge, and answers the challenge', async () => {
    const { client, fake } = create({ 'POST /sdk/v1/crypto_wallets/authenticate/start': { status_code: 200, request_id: 'r', challenge: 'sign this' } });
    const started = await client.cryptoWallets.authenticateStart({ crypto_wallet_address: ADDRESS, crypto_wallet_type: 'ethereum', chain_id: 137 });
    expect(started.challenge).toBe('sign this');
    expect(fake.callsTo('POST /sdk/v1/crypto_wallets/authenticate/start')[0]?.body).toEqual({
      crypto_wallet_address: ADDRESS,
      crypto_wallet_type: 'ethereum',
      chain_id: 137,
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
  });

  it("authenticate sends the signature, the verifier of that wallet's last start and the default duration, and stores the session", async () => {
    const answer = { ...makeSessionResponse(), crypto_wallet_id: 'crypto-wallet-1', crypto_wallet_address: ADDRESS, crypto_wallet_type: 'ethereum' };
    const { client, fake } = create({
      'POST /sdk/v1/crypto_wallets/authenticate/start': { status_code: 200, request_id: 'r', challenge: 'sign this' },
      'POST /sdk/v1/crypto_wallets/authenticate': answer,
    });
    await client.cryptoWallets.authenticateStart({ crypto_wallet_address: 'another', crypto_wallet_type: 'solana' });
    await client.cryptoWallets.authenticateStart({ crypto_wallet_address: ADDRESS, crypto_wallet_type: 'ethereum' });
    const signedIn = await client.cryptoWallets.authenticate({ crypto_wallet_address: ADDRESS, crypto_wallet_type: 'ethereum', signature: '0xabc' });
    expect(signedIn).toMatchObject({ crypto_wallet_id: 'crypto-wallet-1' });
    const body = fake.callsTo('POST /sdk/v1/crypto_wallets/authenticate')[0]?.body as Record<string, string>;
    expect(body).toEqual({
      crypto_wallet_address: ADDRESS,
      crypto_wallet_type: 'ethereum',
      signature: '0xabc',
      code_verifier: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      session_duration_minutes: 30,
    });
    // The verifier is the one whose S256 hash that wallet's start sent.
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body.code_verifier)));
    const challenge = Buffer.from(digest).toString('base64url');
    expect((fake.callsTo('POST /sdk/v1/crypto_wallets/authenticate/start')[1]!.body as Record<string, string>).code_challenge).toBe(challenge);
    expect(client.session.getSync()?.session_id).toBe(answer.session.session_id);
    expect(readCookies().vestibule_session).toBe('opaque-token-1');
  });

  it('a refusal rejects with its error_type and stores nothing', async () => {
    const { client } = create({
      'POST /sdk/v1/crypto_wallets/authenticate': () =>
        apiError(401, 'crypto_challenge_not_found', 'This sign-in request has expired or was already used. Please try again.'),
    });
    const error = await client.cryptoWallets
      .authenticate({ crypto_wallet_address: 'abc', crypto_wallet_type: 'solana', signature: 'xyz', session_duration_minutes: 60 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VestibuleApiError);
    expect((error as VestibuleApiError).error_type).toBe('crypto_challenge_not_found');
    expect(client.session.getSync()).toBeNull();
  });
});
