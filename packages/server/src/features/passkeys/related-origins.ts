import { isIpAddress, onRpId } from './rp-id.js';

/**
 * Related origin requests (WebAuthn Level 3): a page of another site (example.co.uk) may use the
 * passkeys of the rp id (example.com) once the rp id's site lists its origin at
 * /.well-known/webauthn, which the browser fetches before the ceremony. What a listed origin must
 * be for a browser to let it, and for its pages to reach this API: a mistake here shows only as a
 * browser's refusal, so the server says it at start.
 */
export function relatedOriginsProblem(related: string[], context: { rpId: string; allowedOrigins: string[] }): string | null {
  const twice = related.find((origin, index) => related.indexOf(origin) !== index);
  if (twice) return `${twice} is listed twice`;
  for (const origin of related) {
    const { protocol, hostname } = new URL(origin);
    if (isIpAddress(hostname)) return `${origin} is an IP address, where browsers run no passkey ceremony; use a host name`;
    // 'example.com.' is the name example.com written absolutely: the same site, not a related one.
    if (hostname.endsWith('.')) return `${origin} ends its host name with a dot; write it as browsers report pages' origins, without one`;
    // Passkeys run on secure pages only: https, or http on this machine's own names.
    if (protocol !== 'https:' && !(hostname === 'localhost' || hostname.endsWith('.localhost')))
      return `${origin} is not https, and browsers run passkeys on secure pages only (http only on localhost and its subdomains)`;
    if (onRpId(origin, context.rpId))
      return `${origin} is on the relying-party id ${context.rpId}, where browsers need no related-origin entry; list it in project.webauthn.origins (or project.allowedOrigins) instead`;
    if (!context.allowedOrigins.includes(origin))
      return `${origin} is not in project.allowedOrigins (VESTIBULE_ALLOWED_ORIGINS), so its pages could not call this API (CORS); add it there too`;
  }
  return null;
}
