/**
 * The texts the account page shows before the section loads: the section's heading and, once the
 * app is on, its label among the ways to confirm it is you. Apart from texts.ts, which comes with
 * the section. Hosts override them by their English text (`strings` mount option).
 */
export const HEADING = 'Two-step verification';
export const CONFIRM_WITH_APP = 'Enter a code from your authenticator app';
