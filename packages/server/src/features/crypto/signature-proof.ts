import type { CryptoWalletsAuthenticateRequest, CryptoWalletType } from '@vestibule/contract';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { enforceClientLimit } from '../../http/limits.js';
import { ApiError } from '../../kernel/api-error.js';
import { liveChallenge, ownerOf, spendChallenge } from './challenges.js';
import { familyOf, requireSignatureForm, walletAddress } from './wallet-types.js';

/** What a wallet's proof is made of: the wallet, its signature of the message the start handed out, and the verifier of that start's challenge. */
export type SignatureProof = Omit<CryptoWalletsAuthenticateRequest, 'session_duration_minutes'>;

/**
 * The one check of a wallet's proof, for signing in with it and for connecting it on the account
 * page: the signature of the live message of this wallet and browser, verified in the heavy-work
 * queue under the per-client limit of signature checks, then the message spent. Verify, then
 * spend: a wrong signature leaves the message usable, so whoever knows a wallet's address cannot
 * spoil its owner's sign-in by sending garbage in its name. The wallet as stored (its address in
 * its family's one form), or 401 invalid_crypto_signature / crypto_challenge_not_found.
 */
export async function provenWallet(c: Context<AppEnv>, deps: AppDeps, proof: SignatureProof, now: Date): Promise<{ type: CryptoWalletType; address: string }> {
  const type = proof.crypto_wallet_type;
  const address = walletAddress(type, proof.crypto_wallet_address);
  requireSignatureForm(type, proof.signature);
  await enforceClientLimit(deps, c, 'crypto-authenticate', deps.config.rateLimits.cryptoPerIp);
  const owner = ownerOf(type, address, proof.code_verifier);
  const challenge = await liveChallenge(deps.db, owner, now);
  if (!challenge) throw new ApiError('crypto_challenge_not_found');
  if (!(await deps.heavyWork.run(async () => familyOf(type).verify(address, challenge.message, proof.signature))))
    throw new ApiError('invalid_crypto_signature');
  // Of parallel requests with the same signature, only the one whose UPDATE used the message goes on.
  if (!(await spendChallenge(deps.db, owner, challenge.hash, now))) throw new ApiError('crypto_challenge_not_found');
  return { type, address };
}
