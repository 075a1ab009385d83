/**
 * The connected accounts section's texts. Not in strings.ts: every strings.ts goes into the
 * shared core the login mount loads up front. Hosts override them by their English text
 * (`strings` mount option); {provider} is the provider's name.
 */
export const texts = {
  heading: 'Connected accounts',
  none: 'No account connected yet.',
  noEmail: 'No email address given',
  connect: 'Connect {provider}',
  disconnect: 'Disconnect',
  connected: 'Your {provider} account is connected.',
  disconnected: 'Your {provider} account is disconnected.',
} as const;
