/**
 * The shared texts that no first screen shows (errors' titles, Back, a resent email): loaded after
 * the first paint with every feature's later-strings.ts (src/later/). Overridable like every text.
 */
export const laterCommon = {
  errorTitle: 'Looks like there was an error!',
  back: 'Back',
  emailResent: 'Email resent',
  emailMeNewLink: 'Email me a new link',
  successfullyLoggedIn: 'You have successfully logged in.',
} as const;

type Table = typeof laterCommon;
declare module './en' {
  interface StringTable extends Table {}
}
