import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { requestHeader } from '../../http/request-header.js';
import { ApiError } from '../../kernel/api-error.js';
import type { WebAuthnConfig } from './config.js';
import { hostOnRpId } from './rp-id.js';

/** Enough of an Origin header to name it: a longer one is no origin a browser sends. */
const NAMED_CHARACTERS = 300;

/** Whether passkeys of the rp id may be used on a page of `origin`: one on the rp id, or a related origin. */
function mayUsePasskeys(origin: string, webauthn: WebAuthnConfig): boolean {
  if (!URL.canParse(origin)) return false; // 'null' (a sandboxed page, a file) among others
  const url = new URL(origin);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  return webauthn.relatedOrigins.includes(url.origin) || hostOnRpId(url.hostname, webauthn.rpId);
}

/**
 * A ceremony's start refuses a browser page where no passkey of the rp id could be used: the
 * browser would refuse the ceremony there, or the finish would (clientDataJSON's origin), with no
 * word of why; said here, the page's developer reads which origin and what to configure. A call
 * without Origin is no browser page's (a host's server) and goes on.
 */
export function requireCeremonyOrigin(c: Context<AppEnv>, webauthn: WebAuthnConfig): void {
  const origin = requestHeader(c, 'Origin');
  if (origin === undefined || mayUsePasskeys(origin, webauthn)) return;
  throw new ApiError(
    'webauthn_origin_not_allowed',
    `Passkeys of ${webauthn.rpId} cannot be used on ${origin.slice(0, NAMED_CHARACTERS)}: it is neither on ${webauthn.rpId} nor one of its related origins (project.webauthn.relatedOrigins).`,
  );
}
