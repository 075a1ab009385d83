/** An IPv4 or IPv6 literal: browsers run no passkey ceremony on one (a relying-party id is a domain name). */
export const isIpAddress = (host: string) => /^[\d.]+$|^\[/.test(host);

/**
 * Whether a page on `host` may run a ceremony for `rpId` without asking the rp id's site: the host
 * is the rp id or a subdomain of it (WebAuthn's registrable-suffix rule).
 */
export const hostOnRpId = (host: string, rpId: string) => host === rpId || host.endsWith(`.${rpId}`);

/** hostOnRpId for a page of `origin`. */
export const onRpId = (origin: string, rpId: string) => hostOnRpId(new URL(origin).hostname, rpId);
