/**
 * The identity-provider screens' texts. They are not in a
 * strings.ts: src/strings/en.ts puts every strings.ts into the shared core, which the login mount
 * loads up front (and is at its size budget), while these are only needed by this mount. Hosts
 * override them exactly like the others, by their English text (`strings` mount option), through
 * `say()`.
 */
export const texts = {
  missingParam: 'Required parameter is missing: {param}. Please reach out to the application developer.',
  theApp: 'The App',
  authorizeTitle: 'Sign in to {clientName} with {projectName}',
  authorizeTitleCustom: '{clientName} wants to access your {projectName} account',
  allow: 'Allow',
  deny: 'Deny',
  denied: 'Access to the application was denied.',
  noSession: 'No active session detected. Please log in to continue.',
  signInAgain: '{clientName} asks you to sign in again. Please log in to continue.',
  ungrantableSummary: 'You do not have permissions to grant {clientName} access to some of the requested scopes.',
  ungrantableList: "You cannot grant {clientName}'s request to:",
  useScope: 'Use the {scope} scope',
  openidHeader: 'Verify your identity',
  openidDetail: 'view information stored within your account',
  profileHeader: 'View your personal profile information',
  profileDetail: 'name, picture and language',
  emailDetail: 'email address',
  phoneDetail: 'phone number',
  offlineAccessHeader: "Maintain access to your data even when you're not actively using the app",
  logoutTitle: 'Log out?',
  logoutBody: 'Are you sure you want to log out of your {projectName} account?',
  yes: 'Yes',
  no: 'No',
  notLoggedOut: 'You have not been logged out. You may close this page.',
} as const;

export { say } from '../../texts/say';
