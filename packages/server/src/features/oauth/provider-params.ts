import { ApiError } from '../../kernel/api-error.js';
import { refuseUnstorableText } from '../../http/storable-text.js';

/**
 * Authorization parameters the flow's safety or shape rests on, which Vestibule sets itself: who
 * the client is, where the answer goes and in what form, the state, PKCE and nonce that bind the
 * answer to this browser, and request objects that could carry any of them. A host adds scopes with
 * custom_scopes.
 */
const RESERVED = new Set([
  'client_id',
  'client_secret',
  'response_type',
  'response_mode',
  'redirect_uri',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'scope',
  'request',
  'request_uri',
]);

/** provider_params: a JSON object of strings that names none of the reserved parameters, or a 400 that says what is wrong. */
export function providerParams(raw: string | undefined): Record<string, string> {
  if (raw === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || !Object.values(parsed).every((value) => typeof value === 'string')) {
    throw new ApiError('bad_request', 'Query parameter provider_params must be a JSON object of string values.');
  }
  // Names as OAuth spells them, nothing else: a space, brackets, a NUL or a look-alike letter
  // ('client_id ', 'client_id[]', 'clıent_id') is not one of ours, yet some servers read it as one.
  const misspelt = Object.keys(parsed).filter((name) => !/^[A-Za-z0-9_.-]{1,64}$/.test(name));
  if (misspelt.length > 0) {
    throw new ApiError(
      'bad_request',
      `provider_params names may hold only letters, digits, '_', '.' and '-' (not ${misspelt.map((name) => JSON.stringify(name)).join(', ')}).`,
    );
  }
  const reserved = Object.keys(parsed).filter((name) => RESERVED.has(name.toLowerCase()));
  if (reserved.length > 0) {
    throw new ApiError(
      'bad_request',
      `provider_params may not set ${reserved.join(', ')}: Vestibule sets ${reserved.length === 1 ? 'it' : 'them'} for the sign-in's safety (add scopes with custom_scopes).`,
    );
  }
  refuseUnstorableText(parsed, 'Field');
  return parsed as Record<string, string>;
}
