/** Wallets: Main's wallet buttons and the wallet screens (the errors are in texts.ts). Picked up by src/strings/en.ts; override any of them by its English text. */
export const strings = {
  /** {wallet}: the option's name (options.ts). */
  continueWithWallet: 'Continue with {wallet}',
  otherWallets: 'Other wallets',
  setUpCryptoWallet: 'Set up a new crypto wallet',
  cryptoConnecting: 'Connecting to your wallet...',
  cryptoSigning: 'Completing signature request...',
} as const;

type Table = typeof strings;
declare module '../../strings/en' {
  interface StringTable extends Table {}
}
