/** Wallets' first-screen text: Main's wallet button; the rest are in later-strings.ts (the errors in texts.ts). Picked up by src/strings/en.ts; override any of them by its English text. */
export const strings = {
  setUpCryptoWallet: 'Set up a new crypto wallet',
} as const;

type Table = typeof strings;
declare module '../../strings/en' {
  interface StringTable extends Table {}
}
