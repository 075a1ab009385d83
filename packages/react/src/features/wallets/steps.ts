import { messageForError, toErrorInfo } from '../../flow/errors';
import type { EffectContext } from '../../flow/feature';
import { sessionDuration } from '../../flow/session';
import { signedIn } from '../../flow/signIn';
import { CONNECT_FAILED, SIGN_FAILED, SIGN_IN_REFUSED } from './texts';
import { walletFor } from './wallets';

/**
 * The sign-in's steps, each run when its screen is entered, with that
 * screen's signal: leaving it (the back arrow) drops a late answer. Loaded with the detection code.
 */

/** The wallet failed (or the user refused it there): the step's text, on CryptoError, and onError. */
function walletFailed(ctx: EffectContext, text: string): void {
  const message = ctx.free(text);
  ctx.dispatch({ type: 'WALLET_FAILED', message });
  ctx.reportError({ error_type: 'sdk_error', message });
}

/**
 * The server refused (a chain it does not accept, too many requests; at sign-in an expired message
 * or a bad signature): the catalogue's message, or the server's where it words the case (the
 * chains to switch to). A refused sign-in opens with the notice 'Your sign in request could not be
 * completed...'.
 */
function serverFailed(ctx: EffectContext, err: unknown, opening?: string): void {
  const message = messageForError(err, ctx.free);
  ctx.dispatch({ type: 'WALLET_FAILED', message: opening ? `${ctx.free(opening)} ${message}` : message });
  ctx.reportError(toErrorInfo(err));
}

/** CryptoConnect: connect the wallet for its address, then ask the server for the message to sign. */
export async function connectWallet(ctx: EffectContext): Promise<void> {
  const option = ctx.stateBefore.walletState?.walletOption;
  const wallet = option && walletFor(option);
  let address: string;
  try {
    if (!wallet) throw new Error('The wallet is no longer on the page.');
    address = await wallet.connect();
  } catch {
    return walletFailed(ctx, CONNECT_FAILED);
  }
  if (ctx.signal.aborted) return;
  try {
    const { challenge } = await ctx.client.cryptoWallets.authenticateStart({
      crypto_wallet_address: address,
      crypto_wallet_type: wallet.family,
      chain_id: await wallet.chainId?.(),
    });
    ctx.dispatch({ type: 'WALLET_CHALLENGE', address, challenge });
  } catch (err) {
    serverFailed(ctx, err);
  }
}

/** CryptoSignMessage: the wallet signs the message, then the server checks the signature and signs the user in. */
export async function signChallenge(ctx: EffectContext): Promise<void> {
  const started = ctx.stateBefore.walletState;
  const wallet = started && walletFor(started.walletOption);
  let signature: string;
  try {
    if (!wallet || !started.walletAddress || !started.walletChallenge) throw new Error('Nothing to sign.');
    signature = await wallet.sign(started.walletChallenge, started.walletAddress);
  } catch {
    return walletFailed(ctx, SIGN_FAILED);
  }
  if (ctx.signal.aborted) return;
  try {
    const response = await ctx.client.cryptoWallets.authenticate({
      crypto_wallet_address: started.walletAddress,
      crypto_wallet_type: wallet.family,
      signature,
      session_duration_minutes: sessionDuration(ctx.config),
    });
    signedIn(ctx, 'wallet', 'CRYPTO_WALLET_AUTHENTICATE', response);
  } catch (err) {
    serverFailed(ctx, err, SIGN_IN_REFUSED);
  }
}
