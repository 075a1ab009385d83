/**
 * The wallets section's texts. Not in strings.ts: every strings.ts goes into the shared core the
 * login mount loads up front. Hosts override them by their English text (`strings` mount option).
 */
export const texts = {
  heading: 'Wallets',
  none: 'No wallet connected yet.',
  connectWallet: 'Connect wallet',
  chooseWallet: 'Your wallet signs a message to show it is yours.',
  noWalletFound: 'No wallet was found in this browser. Set one up, then come back to this page:',
  ethereum: 'Ethereum wallet',
  solana: 'Solana wallet',
  connected: 'Wallet connected.',
  removed: 'Wallet removed.',
} as const;
