/** Example code: Main's button and its screen. Picked up by src/strings/en.ts; a host overrides any of them by its English text. */
export const strings = {
  useExampleCode: 'Use an example code',
  enterExampleCode: 'Enter your example code',
} as const;

type Table = typeof strings;
declare module '../../strings/en' {
  interface StringTable extends Table {}
}
