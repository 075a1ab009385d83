import type { HttpClient } from './http.js';
import { pkcePair } from './pkce.js';
import type { SignIn } from './sign-in.js';
import type { VestibuleClient } from './types.js';

/**
 * Wallets. The client only carries strings: the page's wallet code connects the wallet,
 * signs the challenge (Ethereum: personal_sign; Solana: signMessage, its signature in base58) and
 * hands the signature here, so no cryptography library reaches the browser bundle.
 *
 * Each start is bound to this page by PKCE: the server keys the message by the challenge sent
 * here, and only the verifier, kept in memory per address (`verifiers`, which account.walletLink
 * reads too), finds it again. Whoever else starts for the same wallet gets a message of their own
 * and leaves this one alone.
 */
export function createWallets(http: HttpClient, signIn: SignIn, verifiers: Map<string, string>): VestibuleClient['cryptoWallets'] {
  return {
    async authenticateStart(request) {
      const { verifier, challenge } = await pkcePair();
      verifiers.set(request.crypto_wallet_address, verifier);
      return http.request('POST /sdk/v1/crypto_wallets/authenticate/start', { ...request, code_challenge: challenge });
    },
    // Without a start here there is no verifier: the server answers bad_request naming code_verifier.
    authenticate: (request) => signIn('POST /sdk/v1/crypto_wallets/authenticate', { ...request, code_verifier: verifiers.get(request.crypto_wallet_address)! }),
  };
}
