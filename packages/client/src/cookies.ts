import Cookies from 'js-cookie';
import type { CookieOptions } from './types.js';

export const DEFAULT_OPAQUE_TOKEN_COOKIE_NAME = 'vestibule_session';
export const DEFAULT_JWT_COOKIE_NAME = 'vestibule_session_jwt';
export const DEFAULT_IST_COOKIE_NAME = 'vestibule_intermediate_session_token';
/** Lifetime of the intermediate session token cookie. */
export const INTERMEDIATE_SESSION_TOKEN_LIFETIME_MS = 600_000;

/** localhost, *.localhost, 127.x.x.x and [::1]: hosts where cookies may be written without Secure. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(host) || host === '[::1]' || host === '::1';
}

export interface CookieWriteAttributes {
  path: string;
  domain?: string;
  sameSite: 'Lax';
  secure: boolean;
  expires?: Date;
}

/** Attributes of every cookie the client writes: SameSite=Lax, Secure except on loopback hosts. */
export function cookieAttributes(hostname: string, options: { path?: string; domain?: string; expires?: Date }): CookieWriteAttributes {
  const attributes: CookieWriteAttributes = {
    path: options.path ?? '/',
    sameSite: 'Lax',
    secure: !isLoopbackHost(hostname),
  };
  if (options.domain) attributes.domain = options.domain;
  if (options.expires) attributes.expires = options.expires;
  return attributes;
}

export interface CookieNames {
  opaqueToken: string;
  jwt: string;
  intermediate: string;
}

export function cookieNames(options: CookieOptions = {}): CookieNames {
  return {
    opaqueToken: options.opaqueTokenCookieName ?? DEFAULT_OPAQUE_TOKEN_COOKIE_NAME,
    jwt: options.jwtCookieName ?? DEFAULT_JWT_COOKIE_NAME,
    intermediate: options.istCookieName ?? DEFAULT_IST_COOKIE_NAME,
  };
}

/** Reads and writes the three session cookies with the project's names, path and domain. */
export interface CookieJar {
  readonly names: CookieNames;
  /** The explicit cookie domain, or undefined for host-only cookies. */
  readonly domain: string | undefined;
  get(name: string): string | null;
  set(name: string, value: string, expires: Date): void;
  /** Removes the cookie host-only and on each of the given domains. */
  remove(name: string, domains?: readonly string[]): void;
}

function currentHostname(): string {
  return typeof location === 'undefined' ? '' : location.hostname;
}

/** Session cookies written on this page by any client (a client that starts late compares). */
let written = 0;
export const sessionCookiesWritten = (): number => written;

/** Whether a cookie named `name` is in document.cookie, whatever its value (one js-cookie cannot decode too). */
function present(name: string): boolean {
  return document.cookie.split('; ').some((pair) => {
    const end = pair.indexOf('=');
    const raw = end === -1 ? pair : pair.slice(0, end);
    try {
      return raw === name || decodeURIComponent(raw) === name;
    } catch {
      return false;
    }
  });
}

export function createCookieJar(options: CookieOptions = {}): CookieJar {
  const names = cookieNames(options);
  return {
    names,
    domain: options.domain || undefined,
    get(name) {
      if (typeof document === 'undefined') return null;
      const value = Cookies.get(name);
      return value === undefined || value === '' ? null : value;
    },
    set(name, value, expires) {
      if (typeof document === 'undefined') return;
      written++;
      Cookies.set(name, value, cookieAttributes(currentHostname(), { path: options.path, domain: options.domain, expires }));
    },
    remove(name, domains = []) {
      if (typeof document === 'undefined') return;
      // None to remove: every page reads the cookies of path '/' (a jar with a path of its own may
      // be on a page outside it). Writing document.cookie is costly: on a first visit the client
      // would expire three absent cookies.
      if (!options.path && !present(name)) return;
      const hostname = currentHostname();
      Cookies.remove(name, cookieAttributes(hostname, { path: options.path }));
      for (const domain of new Set([...domains, ...(options.domain ? [options.domain] : [])])) {
        Cookies.remove(name, cookieAttributes(hostname, { path: options.path, domain }));
      }
    },
  };
}
