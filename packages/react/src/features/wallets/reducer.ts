import type { FlowEvent, FlowState } from '../../flow/types';

export function reduceWallets(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    // Detection only reports a list that changed.
    case 'WALLETS_DETECTED':
      return { ...state, wallets: event.wallets };
    case 'WALLET_CONNECT':
      return { ...state, walletState: { walletOption: event.option, walletAddress: null, walletChallenge: null }, walletList: null, walletError: null };
    // Dispatched on CryptoConnect only (a late answer after the back arrow is dropped), so walletState is there.
    case 'WALLET_CHALLENGE':
      return { ...state, walletState: { ...state.walletState!, walletAddress: event.address, walletChallenge: event.challenge } };
    case 'WALLET_FAILED':
      return { ...state, walletError: event.message };
    case 'WALLET_LIST':
      return { ...state, walletList: event.list };
    // From any crypto screen, CryptoConfirmation included: Main. No other method has signed in while one shows.
    case 'WALLET_BACK':
    case 'START_AGAIN':
      return { ...state, walletState: null, walletList: null, walletError: null, authenticated: null };
    default:
      return state;
  }
}

/** For loadReduce. */
export default reduceWallets;
