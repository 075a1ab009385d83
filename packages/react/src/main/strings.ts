/** Main's own texts: the title, the tab list's name and the dividers. Picked up by src/strings/en.ts; override any of them by its English text. */
export const strings = {
  title: 'Sign up or log in',
  or: 'or',
  signInMethods: 'Sign-in methods',
} as const;

type Table = typeof strings;
declare module '../strings/en' {
  interface StringTable extends Table {}
}
