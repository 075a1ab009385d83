/** Identity provider: the IDPConsent placeholder. Picked up by src/strings/en.ts; override any of them by its English text. */
export const strings = {
  idpMissingParam: 'Required parameter is missing: {param}. Please reach out to the application developer.',
  idpAuthorizeTitle: 'Sign in to {clientName} with {projectName}',
  idpLogoutTitle: 'Log out?',
  idpNotAvailable: 'The consent screen is not available yet; it arrives with the identity-provider feature.',
  theApp: 'The App',
} as const;

type Table = typeof strings;
declare module '../../strings/en' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface StringTable extends Table {}
}
