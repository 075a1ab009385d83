import type { CryptoWallet } from '@vestibule/contract';
import type { Change } from '../../../account/action';
import type { WalletOptionId } from '../state';
import { CONNECT_FAILED, SIGN_FAILED } from '../texts';
import { walletFor } from '../wallets';
import { texts } from './texts';

/** A wallet's failure, said as the login says it (the wallet refused, or could not). */
const walletFailure = (free: (text: string) => string, text: string) => ({ error_type: 'sdk_error', message: free(text) });

/** The wallets section's calls, through its action runner. */
export function walletChanges(free: (text: string) => string) {
  return {
    /**
     * Links the wallet the person chose: it connects and gives its address, the server hands out the
     * sign-in message (bound to this client), the wallet signs it, and the signature links it to
     * the user. Sent again after a confirm step, it starts over with a new message.
     */
    link: (option: WalletOptionId): Change => ({
      call: async (client) => {
        const wallet = walletFor(option);
        const address = await (wallet ? wallet.connect() : Promise.reject(new Error('The wallet is no longer on the page.'))).catch(() => {
          throw walletFailure(free, CONNECT_FAILED);
        });
        const family = wallet!.family;
        const { challenge } = await client.cryptoWallets.authenticateStart({
          crypto_wallet_address: address,
          crypto_wallet_type: family,
          chain_id: await wallet!.chainId?.(),
        });
        const signature = await wallet!.sign(challenge, address).catch(() => {
          throw walletFailure(free, SIGN_FAILED);
        });
        return client.account.walletLink({ crypto_wallet_address: address, crypto_wallet_type: family, signature });
      },
      change: 'wallet_connected',
      success: free(texts.connected),
    }),
    remove: ({ crypto_wallet_id }: CryptoWallet): Change => ({
      call: (client) => client.account.walletRemove({ crypto_wallet_id }),
      change: 'wallet_removed',
      success: free(texts.removed),
    }),
  };
}
