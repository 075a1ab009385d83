import type { Context } from 'hono';
import { requestHeader } from './request-header.js';

/**
 * The token of an `Authorization: Bearer <token>` header (RFC 6750 section 2.1), or null when it is
 * absent, empty or another scheme. One reading for every Bearer token the server takes: sessions
 * (the session check's hot path reads Node's header itself), the identity provider's userinfo, the
 * development provider's userinfo.
 */
export function bearerFrom(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** The Bearer token a call carries (bearerFrom). */
export function bearerToken(c: Context): string | null {
  return bearerFrom(requestHeader(c, 'Authorization'));
}
