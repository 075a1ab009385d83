import type { HttpClient } from './http.js';
import type { SignIn } from './sign-in.js';
import type { VestibuleClient } from './types.js';

/**
 * Crypto wallets. The client only carries strings: the page's wallet code connects the wallet,
 * signs the challenge (Ethereum: personal_sign; Solana: signMessage, its signature in base58) and
 * hands the signature here, so no cryptography library reaches the browser bundle.
 */
export function createCryptoWallets(http: HttpClient, signIn: SignIn): VestibuleClient['cryptoWallets'] {
  return {
    authenticateStart: ({ crypto_wallet_address, crypto_wallet_type }) =>
      http.request('POST /sdk/v1/crypto_wallets/authenticate/start', { crypto_wallet_address, crypto_wallet_type }),
    authenticate: ({ crypto_wallet_address, crypto_wallet_type, signature, session_duration_minutes }) =>
      signIn('POST /sdk/v1/crypto_wallets/authenticate', { crypto_wallet_address, crypto_wallet_type, signature, session_duration_minutes }),
  };
}
