import { randomInt } from 'node:crypto';
import type { Context } from 'hono';
import { ApiError } from '../../kernel/api-error.js';
import type { AppEnv } from '../../http/app-env.js';

/** A sign-in message works for 10 minutes: long enough to find the wallet and read it. */
export const CHALLENGE_MINUTES = 10;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 24 random alphanumerics (about 143 bits): EIP-4361 wants at least 8, letters and digits only. */
export function newNonce(): string {
  return Array.from({ length: 24 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
}

/** What every sign-in message says besides the address; the wallet shows it to the user as it is. */
export interface MessageFields {
  /** The site's host (with its port, if any), from its origin. */
  domain: string;
  /** The site's origin. */
  uri: string;
  /** "Sign in to {project name}." on one line. */
  statement: string;
  nonce: string;
  issuedAt: Date;
  expirationTime: Date;
  /** Ethereum: the EIP-155 chain the wallet is on (chains.ts); Solana messages name none. */
  chainId: number | undefined;
}

/**
 * The site a message names: the page's Origin when it is one of the project's allowed origins; a
 * call that sends none (a server, a test) gets the first of them. Another origin is refused, so a
 * message always names one of this project's sites: a wallet that compares the message's domain
 * with the page asking for the signature then warns on a look-alike site.
 */
export function siteOf(c: Context<AppEnv>, allowedOrigins: readonly string[], publicUrl: string): { domain: string; uri: string } {
  const given = c.req.header('Origin');
  if (given !== undefined && !allowedOrigins.includes(given)) {
    throw new ApiError('forbidden', `The page's origin (${given.slice(0, 200)}) is not one of the project's allowed origins.`);
  }
  const url = new URL(given ?? allowedOrigins[0] ?? publicUrl);
  return { domain: url.host, uri: url.origin };
}

export function messageFields(site: { domain: string; uri: string }, projectName: string, chainId: number | undefined, now: Date): MessageFields {
  return {
    ...site,
    chainId,
    // A statement is one line (EIP-4361).
    statement: `Sign in to ${projectName.replace(/[\r\n]+/g, ' ').trim()}.`,
    nonce: newNonce(),
    issuedAt: now,
    expirationTime: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
  };
}
