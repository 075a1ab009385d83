/**
 * The host's page with the outcome appended to its query: a one-time token to exchange, or the
 * error. The callback redirects there; Google one-tap answers it for the widget to go to.
 */
export function landing(url: string, outcome: { token: string } | { error_type: 'oauth_flow_callback_error' }): string {
  const target = new URL(url);
  target.searchParams.append('vestibule_token_type', 'oauth');
  for (const [name, value] of Object.entries(outcome)) target.searchParams.append(name, value);
  return target.href;
}
