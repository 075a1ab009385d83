/** What a public token says about its project. */
export interface PublicTokenInfo {
  /** 'b2b' for business-to-business project tokens, which this consumer client does not serve. */
  vertical: 'consumer' | 'b2b';
  environment: 'test' | 'live';
}

const TOKEN_PATTERN = /^public-token-(b2b-)?(test|live)-./;

/** Reads 'public-token-[b2b-](test|live)-…'; null for anything else. */
export function parsePublicToken(token: string): PublicTokenInfo | null {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  return { vertical: match[1] ? 'b2b' : 'consumer', environment: match[2] === 'live' ? 'live' : 'test' };
}

export const B2B_TOKEN_MESSAGE =
  'Vestibule: this public token belongs to a business-to-business (B2B) project, but this client is for ' +
  'consumer projects. Use a consumer project public token (public-token-test-… or public-token-live-…).';
