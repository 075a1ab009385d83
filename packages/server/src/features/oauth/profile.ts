/** Who the provider says signed in, in our words, whatever the provider's own profile looks like. */
export interface OAuthProfile {
  /** The provider's stable id of the user: what an account is found by. */
  subject: string;
  email: string | null;
  /** True only when the provider itself vouches for the address; only then may it link to an existing user. */
  emailVerified: boolean;
  name: string | null;
}

/** What a profile mapping reads: the ID token's claims (when there is one) and the provider's API. */
export interface ProfileSource {
  /** The validated ID token's claims, for providers that issue one. */
  claims: Record<string, unknown> | undefined;
  /** GET a provider URL with the access token; the parsed JSON answer (throws on a non-2xx answer). */
  get(url: string): Promise<unknown>;
  userinfoUrl: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object at a path of a JSON answer ({} when absent), so mappings read nested profiles plainly. */
export function at(value: unknown, ...path: string[]): Record<string, unknown> {
  let node = value;
  for (const key of path) node = isRecord(node) ? node[key] : undefined;
  return isRecord(node) ? node : {};
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null);

/** Builds the profile, refusing one without a subject (nothing could find the account again). */
export function profile(subject: unknown, email: unknown, emailVerified: boolean, name: unknown): OAuthProfile {
  const id = text(subject);
  if (!id) throw new Error('The provider named no user id.');
  const address = text(email);
  return { subject: id, email: address, emailVerified: address !== null && emailVerified, name: text(name) };
}

/** OpenID Connect standard claims (an ID token or a userinfo answer); some providers send email_verified as a string. */
export function standardClaims(claims: Record<string, unknown>): OAuthProfile {
  return profile(claims.sub, claims.email, claims.email_verified === true || claims.email_verified === 'true', claims.name ?? claims.preferred_username);
}

/** The ID token's claims when the provider issued one, else its userinfo answer, read as standard claims. */
export async function openIdProfile(source: ProfileSource): Promise<OAuthProfile> {
  return standardClaims(source.claims ?? at(await source.get(source.userinfoUrl)));
}
