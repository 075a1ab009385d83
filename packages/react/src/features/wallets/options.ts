import type { CryptoWalletType } from '@vestibule/contract';
import type { WalletOptionId } from './state';

/** A wallet's family is its crypto_wallet_type. */
export type WalletFamily = CryptoWalletType;

export interface WalletOption {
  id: WalletOptionId;
  /** As the wallet writes it ('Continue with {wallet}'). */
  name: string;
  /** Its crypto_wallet_type. */
  family: WalletFamily;
}

/**
 * The seven wallet options, in the order Main lists the detected ones: the
 * named wallets, then the generic option of each family (any other wallet detected of that family).
 * Loaded with the wallet buttons and the detection code, never with Main.
 */
export const WALLET_OPTIONS: readonly WalletOption[] = [
  { id: 'metamask', name: 'MetaMask', family: 'ethereum' },
  { id: 'coinbase', name: 'Coinbase Wallet', family: 'ethereum' },
  { id: 'phantom', name: 'Phantom', family: 'solana' },
  { id: 'binance', name: 'Binance Wallet', family: 'ethereum' },
  { id: 'vessel', name: 'Vessel', family: 'ethereum' },
  { id: 'otherEthereum', name: 'Other Ethereum Wallet', family: 'ethereum' },
  { id: 'otherSolana', name: 'Other Solana Wallet', family: 'solana' },
];

export const walletOption = (id: WalletOptionId): WalletOption => WALLET_OPTIONS.find((option) => option.id === id)!;

/** The four wallets WalletDownloads offers (the login's CryptoSetupWallet, the account page): their own download pages. */
export const WALLET_DOWNLOADS: readonly { name: string; url: string }[] = [
  { name: 'MetaMask', url: 'https://metamask.io/download/' },
  { name: 'Coinbase Wallet', url: 'https://www.coinbase.com/wallet/downloads' },
  { name: 'Phantom', url: 'https://phantom.com/download' },
  { name: 'Binance Wallet', url: 'https://www.binance.com/en/web3wallet' },
];

/** Main shows at most 5 wallet buttons minus the OAuth buttons above or below them, never fewer than none. */
export function walletButtonsOnMain(oauthButtons: number): number {
  return Math.max(0, 5 - oauthButtons);
}
