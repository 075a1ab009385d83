import { messageForError, toErrorInfo } from '../../flow/errors';
import type { EffectContext } from '../../flow/feature';
import { sessionDuration } from '../../flow/session';
import type { StringKey } from '../../strings/en';
import { walletFor } from './wallets';

/**
 * The sign-in's steps (SPEC.md section 4, Crypto), each run when its screen is entered, with that
 * screen's signal: leaving it (the back arrow) drops a late answer. Loaded with the detection code.
 */

/** The wallet failed (or the user refused it there): the step's text, on CryptoError, and onError. */
function walletFailed(ctx: EffectContext, key: StringKey): void {
  const message = ctx.t(key);
  ctx.dispatch({ type: 'CRYPTO_FAILED', message });
  ctx.reportError({ error_type: 'sdk_error', message });
}

/** The server refused (an expired message, a bad signature, too many requests): the catalogue's message. */
function serverFailed(ctx: EffectContext, err: unknown): void {
  ctx.dispatch({ type: 'CRYPTO_FAILED', message: messageForError(err, ctx.free) });
  ctx.reportError(toErrorInfo(err));
}

/** CryptoConnect: connect the wallet for its address, then ask the server for the message to sign. */
export async function connectWallet(ctx: EffectContext): Promise<void> {
  const option = ctx.stateBefore.cryptoState?.walletOption;
  const wallet = option && walletFor(option);
  let address: string;
  try {
    if (!wallet) throw new Error('The wallet is no longer on the page.');
    address = await wallet.connect();
  } catch {
    return walletFailed(ctx, 'cryptoConnectFailed');
  }
  if (ctx.signal.aborted) return;
  try {
    const { challenge } = await ctx.client.cryptoWallets.authenticateStart({ crypto_wallet_address: address, crypto_wallet_type: wallet.family });
    ctx.dispatch({ type: 'CRYPTO_CHALLENGE', address, challenge });
  } catch (err) {
    serverFailed(ctx, err);
  }
}

/** CryptoSignMessage: the wallet signs the message, then the server checks the signature and signs the user in. */
export async function signChallenge(ctx: EffectContext): Promise<void> {
  const crypto = ctx.stateBefore.cryptoState;
  const wallet = crypto && walletFor(crypto.walletOption);
  let signature: string;
  try {
    if (!wallet || !crypto.walletAddress || !crypto.walletChallenge) throw new Error('Nothing to sign.');
    signature = await wallet.sign(crypto.walletChallenge, crypto.walletAddress);
  } catch {
    return walletFailed(ctx, 'cryptoSignFailed');
  }
  if (ctx.signal.aborted) return;
  try {
    const response = await ctx.client.cryptoWallets.authenticate({
      crypto_wallet_address: crypto.walletAddress,
      crypto_wallet_type: wallet.family,
      signature,
      session_duration_minutes: sessionDuration(ctx.config),
    });
    ctx.emit('CRYPTO_WALLET_AUTHENTICATE', response);
    ctx.dispatch({ type: 'AUTHENTICATED', method: 'crypto', response });
  } catch (err) {
    serverFailed(ctx, err);
  }
}
