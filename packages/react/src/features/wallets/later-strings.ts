/**
 * The texts of wallets that no first screen shows: loaded after the first paint (src/later/), and
 * awaited by every screen, section and effect that loads lazily. Override any of them by its
 * English text, as every text.
 */
export const laterStrings = {
  /** {wallet}: the option's name (options.ts). */
  continueWithWallet: 'Continue with {wallet}',
  otherWallets: 'Other wallets',
  cryptoConnecting: 'Connecting to your wallet...',
  cryptoSigning: 'Completing signature request...',
} as const;

type Table = typeof laterStrings;
declare module '../../strings/en' {
  interface StringTable extends Table {}
}
