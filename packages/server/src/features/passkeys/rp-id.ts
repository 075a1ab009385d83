import { isIP } from 'node:net';

/**
 * An IPv4 or IPv6 literal, in any of the forms a URL parser reads as one ('0x7f000001' and '2130706433'
 * are 127.0.0.1): browsers run no passkey ceremony on one (a relying-party id is a domain name).
 */
export const isIpAddress = (host: string) => {
  // Digits and dots only, or bracketed: meant as an address even where no parser reads one ('999.1.1.1').
  if (/^[\d.]+$|^\[/.test(host)) return true;
  return URL.canParse(`http://${host}`) && isIP(new URL(`http://${host}`).hostname.replace(/^\[|\]$/g, '')) !== 0;
};

/**
 * Whether a page on `host` may run a ceremony for `rpId` without asking the rp id's site: the host
 * is the rp id or a subdomain of it (WebAuthn's registrable-suffix rule).
 */
export const hostOnRpId = (host: string, rpId: string) => host === rpId || host.endsWith(`.${rpId}`);

/** hostOnRpId for a page of `origin`. */
export const onRpId = (origin: string, rpId: string) => hostOnRpId(new URL(origin).hostname, rpId);
