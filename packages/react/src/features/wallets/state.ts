/**
 * The seven wallet options: the Solana family's Phantom and a generic Solana
 * wallet, the Ethereum family's MetaMask, Coinbase Wallet, Binance Wallet, Vessel and a generic
 * Ethereum wallet. Their names and families are in options.ts (loaded lazily).
 */
export type WalletOptionId = 'metamask' | 'coinbase' | 'phantom' | 'binance' | 'vessel' | 'otherEthereum' | 'otherSolana';

/** A wallet sign-in under way: the wallet the user chose, its address once connected, the message it must sign. */
export interface WalletState {
  walletOption: WalletOptionId;
  /** Null until the wallet has given it. */
  walletAddress: string | null;
  /** The server's sign-in message; null until authenticateStart answered. */
  walletChallenge: string | null;
}

/**
 * Wallets' part of the flow state: only option ids and strings. The wallets themselves
 * (provider objects) live in the lazy detection module's registry, keyed by option id.
 */
export interface WalletSlice {
  /** The flow under way (CryptoConnect, CryptoSignMessage, CryptoError), or null. */
  walletState: WalletState | null;
  /** The wallet options detected in this browser, in the options' order; null until detection answers. */
  wallets: WalletOptionId[] | null;
  /** The list screen reached from Main: CryptoOtherScreen (other) or CryptoSetupWallet (setup). */
  walletList: 'other' | 'setup' | null;
  /** What went wrong (shown on CryptoError): a wallet failure's text or the server's catalogue message. */
  walletError: string | null;
}

export type WalletEvent =
  /** A wallet's button (Main, CryptoOtherScreen) or 'Try again': connect it (CryptoConnect). */
  | { type: 'WALLET_CONNECT'; option: WalletOptionId }
  /** 'Other wallets' on Main (other), 'Set up a new crypto wallet' on Main with no wallet or on CryptoOtherScreen (setup). */
  | { type: 'WALLET_LIST'; list: 'other' | 'setup' }
  /** Any wallet screen's back arrow: Main. */
  | { type: 'WALLET_BACK' };

export type WalletResult =
  | { type: 'WALLETS_DETECTED'; wallets: WalletOptionId[] }
  /** Connected, and the server gave the message to sign: CryptoSignMessage. */
  | { type: 'WALLET_CHALLENGE'; address: string; challenge: string }
  /** Any step failed: CryptoError with this text. */
  | { type: 'WALLET_FAILED'; message: string };

declare module '../../flow/types' {
  interface FeatureStates {
    wallets: WalletSlice;
  }
  interface FeatureEvents {
    wallets: WalletEvent;
  }
  interface FeatureResults {
    wallets: WalletResult;
  }
  interface FeatureScreens {
    wallets: 'CryptoConnect' | 'CryptoSignMessage' | 'CryptoOtherScreen' | 'CryptoSetupWallet' | 'CryptoError' | 'CryptoConfirmation';
  }
  interface SignInMethods {
    wallet: true;
  }
}

export const initialWalletSlice: WalletSlice = { walletState: null, wallets: null, walletList: null, walletError: null };
