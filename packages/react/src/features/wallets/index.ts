/** Wallets (Ethereum and Solana families): the login mount's feature (`crypto` in products). */
export { wallets } from './login';
export { walletsAccount } from './account';
export type { WalletEvent, WalletResult, WalletSlice, WalletState, WalletOptionId } from './state';
