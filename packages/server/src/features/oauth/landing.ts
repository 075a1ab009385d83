import { withQuery } from '../../kernel/redirect-url.js';

/**
 * The host's page with the outcome in its query: a one-time token to exchange, or the error. The
 * callback redirects there; Google one-tap answers it for the widget to go to.
 */
export function landing(url: string, outcome: { token: string } | { error_type: 'oauth_flow_callback_error' }): string {
  return withQuery(url, { vestibule_token_type: 'oauth', ...outcome });
}
