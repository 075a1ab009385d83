import type { FlowEvent, FlowState } from '../../flow/types';

export function reduceCrypto(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    // Detection only reports a list that changed.
    case 'CRYPTO_WALLETS_DETECTED':
      return { ...state, cryptoWallets: event.wallets };
    case 'CRYPTO_CONNECT':
      return { ...state, cryptoState: { walletOption: event.option, walletAddress: null, walletChallenge: null }, cryptoScreen: null, cryptoError: null };
    // Dispatched on CryptoConnect only (a late answer after the back arrow is dropped), so cryptoState is there.
    case 'CRYPTO_CHALLENGE':
      return { ...state, cryptoState: { ...state.cryptoState!, walletAddress: event.address, walletChallenge: event.challenge } };
    case 'CRYPTO_FAILED':
      return { ...state, cryptoError: event.message };
    case 'CRYPTO_LIST':
      return { ...state, cryptoScreen: event.list };
    // From any crypto screen, CryptoConfirmation included: Main. No other method has signed in while one shows.
    case 'CRYPTO_BACK':
      return { ...state, cryptoState: null, cryptoScreen: null, cryptoError: null, authenticated: null };
    default:
      return state;
  }
}
