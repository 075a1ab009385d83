import { errorMessages } from '@vestibule/client/error-messages';
import { readTokenType } from '../../flow/linkToken';
import type { OAuthLanding } from './state';

/**
 * What the server's redirect back from a provider says: `vestibule_token_type=oauth` with `token`,
 * or with `error_type`; null for any other page. Only the catalogue's words
 * are ever shown, so an error type it does not know (or a landing with neither) reads as
 * oauth_flow_callback_error.
 */
export function readOAuthLanding(search: string): OAuthLanding | null {
  if (readTokenType(search) !== 'oauth') return null;
  const params = new URLSearchParams(search);
  const token = params.get('token');
  const errorType = params.get('error_type');
  if (token && !errorType) return { token, errorType: null };
  return { token: null, errorType: errorType && Object.hasOwn(errorMessages, errorType) ? errorType : 'oauth_flow_callback_error' };
}
