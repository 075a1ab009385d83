/** Crypto wallets (Ethereum and Solana families): the login mount's feature. */
export { cryptoWallets } from './login';
export type { CryptoEvent, CryptoResult, CryptoSlice, CryptoState, WalletOptionId } from './state';
