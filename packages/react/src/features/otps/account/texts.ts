/**
 * The phone numbers section's texts, and its way to confirm it is you (a passcode). Not in
 * strings.ts: every strings.ts goes into the shared core the login mount loads up front. Hosts
 * override them by their English text (`strings` mount option).
 */
export const texts = {
  heading: 'Phone numbers',
  none: 'No phone number yet.',
  add: 'Add phone number',
  verifyTitle: 'Verify phone number',
  added: 'Phone number added.',
  verified: 'Phone number verified.',
  madePrimary: '{phone} is now your primary phone number.',
  removed: '{phone} was removed.',
  /** The phone field (a lazily loaded part) did not arrive. */
  fieldNotLoaded: 'The phone number field could not be loaded. Please reload the page.',
  /** The ways to confirm it is you. */
  emailCodeTo: 'Email a code to {destination}',
  textCodeTo: 'Text a code to {destination}',
} as const;
