/**
 * The seven wallet options (SPEC.md section 3): the Solana family's Phantom and a generic Solana
 * wallet, the Ethereum family's MetaMask, Coinbase Wallet, Binance Wallet, Vessel and a generic
 * Ethereum wallet. Their names and families are in options.ts (loaded lazily).
 */
export type WalletOptionId = 'metamask' | 'coinbase' | 'phantom' | 'binance' | 'vessel' | 'otherEthereum' | 'otherSolana';

/** SPEC.md section 3, cryptoState: the wallet the user chose, its address once connected, the message it must sign. */
export interface CryptoState {
  walletOption: WalletOptionId;
  /** Null until the wallet has given it. */
  walletAddress: string | null;
  /** The server's sign-in message; null until authenticateStart answered. */
  walletChallenge: string | null;
}

/**
 * Crypto wallets' part of the flow state: only option ids and strings. The wallets themselves
 * (provider objects) live in the lazy detection module's registry, keyed by option id.
 */
export interface CryptoSlice {
  /** The flow under way (CryptoConnect, CryptoSignMessage, CryptoError), or null. */
  cryptoState: CryptoState | null;
  /** The wallet options detected in this browser, in the options' order; null until detection answers. */
  cryptoWallets: WalletOptionId[] | null;
  /** The list screen reached from Main: CryptoOtherScreen (other) or CryptoSetupWallet (setup). */
  cryptoScreen: 'other' | 'setup' | null;
  /** What went wrong (shown on CryptoError): a wallet failure's text or the server's catalogue message. */
  cryptoError: string | null;
}

export type CryptoEvent =
  /** A wallet's button (Main, CryptoOtherScreen) or 'Try again': connect it (CryptoConnect). */
  | { type: 'CRYPTO_CONNECT'; option: WalletOptionId }
  /** 'Other wallets' on Main (other), 'Set up a new crypto wallet' on Main with no wallet or on CryptoOtherScreen (setup). */
  | { type: 'CRYPTO_LIST'; list: 'other' | 'setup' }
  /** Any crypto screen's back arrow: Main. */
  | { type: 'CRYPTO_BACK' };

export type CryptoResult =
  | { type: 'CRYPTO_WALLETS_DETECTED'; wallets: WalletOptionId[] }
  /** Connected, and the server gave the message to sign: CryptoSignMessage. */
  | { type: 'CRYPTO_CHALLENGE'; address: string; challenge: string }
  /** Any step failed: CryptoError with this text. */
  | { type: 'CRYPTO_FAILED'; message: string };

declare module '../../flow/types' {
  interface FeatureStates {
    crypto: CryptoSlice;
  }
  interface FeatureEvents {
    crypto: CryptoEvent;
  }
  interface FeatureResults {
    crypto: CryptoResult;
  }
  interface FeatureScreens {
    crypto: 'CryptoConnect' | 'CryptoSignMessage' | 'CryptoOtherScreen' | 'CryptoSetupWallet' | 'CryptoError' | 'CryptoConfirmation';
  }
  interface SignInMethods {
    crypto: true;
  }
}

export const initialCryptoSlice: CryptoSlice = { cryptoState: null, cryptoWallets: null, cryptoScreen: null, cryptoError: null };
