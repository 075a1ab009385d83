import type { CryptoWalletType } from '@vestibule/contract';
import { ApiError } from '../../kernel/api-error.js';

/**
 * The chain an Ethereum sign-in message names (EIP-4361's Chain ID): the one the wallet says it is
 * on, when the project allows it (`cryptoChainIds`); without one, the first allowed. A wallet on
 * another chain is refused before any message exists, with words that name both chains, so the
 * person knows which network to switch to in the wallet. Solana messages name no chain.
 */
export async function chainOf(type: CryptoWalletType, requested: number | undefined, allowed: readonly number[]): Promise<number | undefined> {
  if (type !== 'ethereum') {
    if (requested !== undefined) throw new ApiError('bad_request', 'chain_id: only Ethereum wallets name a chain.');
    return undefined;
  }
  if (requested === undefined) return allowed[0];
  if (allowed.includes(requested)) return requested;
  const name = await chainNames();
  throw new ApiError(
    'unsupported_crypto_chain',
    `Your wallet is on ${name(requested)}, which this site does not accept for signing in. Switch your wallet to ${allowed.map(name).join(' or ')} and try again.`,
  );
}

/** 'Polygon (chain 137)' from viem's table of chains, loaded only to word a refusal. */
async function chainNames(): Promise<(id: number) => string> {
  const chains: readonly { id: number; name: string }[] = Object.values(await import('viem/chains'));
  return (id) => {
    const known = chains.find((chain) => chain.id === id);
    return known ? `${known.name} (chain ${id})` : `chain ${id}`;
  };
}
