import { z } from 'zod';
import { ConfigError } from '../../config/config-error.js';
import { field, type ConfigSection } from '../../config/declare.js';
import { origin, rate } from '../../config/schemas.js';
import type { RateLimitRule } from '../../config/server-config.js';
import { relatedOriginsProblem } from './related-origins.js';
import { isIpAddress, onRpId } from './rp-id.js';

const domain = z
  .string()
  .regex(
    /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'must be a lower-case domain like example.com (no scheme or port)',
  )
  .refine((value) => !isIpAddress(value), 'must be a domain name: browsers run no passkey ceremony on an IP address (use localhost on this machine)');

export const passkeysConfig: ConfigSection = {
  name: 'passkeys',
  project: {
    'webauthn.rpId': field(
      domain.optional(),
      'WebAuthn relying-party id: the domain passkeys are bound to (the site or a parent domain of it). Changing it orphans every passkey made for the old one.',
      {
        env: { name: 'VESTIBULE_WEBAUTHN_RP_ID', read: 'string' },
        defaultText: 'the first host name (not an IP address) of `webauthn.origins`, else of `project.allowedOrigins` less `webauthn.relatedOrigins`',
        ownAddress: true,
      },
    ),
    'webauthn.rpName': field(z.string().min(1).max(100).optional(), "Name the browser's passkey dialog shows.", { defaultText: '`project.name`' }),
    'webauthn.origins': field(
      z.array(origin).min(1, 'must list at least one origin').optional(),
      'Exact origins a passkey ceremony may run on (the browser reports it in clientDataJSON). Each must be on the relying-party id or a subdomain of it, where browsers run ceremonies for it: the server refuses to start otherwise, naming the origin and the rp id.',
      {
        env: { name: 'VESTIBULE_WEBAUTHN_ORIGINS', read: 'list' },
        defaultText: 'those of `project.allowedOrigins` on the rp id or a subdomain of it',
        ownAddress: true,
      },
    ),
    'webauthn.relatedOrigins': field(
      z.array(origin).default([]),
      "Exact origins of other sites (`https://example.co.uk`) whose pages may use the rp id's passkeys too (WebAuthn related origin requests): the server accepts their ceremonies and lists them at `GET /.well-known/webauthn`, which browsers fetch from `https://{rpId}/.well-known/webauthn` first (proxy that path to this server if the rp id's site is another). Each must be https (http only on localhost), off the rp id, and in `project.allowedOrigins` too: the server refuses to start otherwise. Browsers honour 5 site names at most (example.com and example.co.uk are one, `example`).",
      { env: { name: 'VESTIBULE_WEBAUTHN_RELATED_ORIGINS', read: 'list' }, ownAddress: true },
    ),
  },
  server: {
    'rateLimits.webauthnPerIp': field(rate(100, 600), "Per client address, counted separately for each passkey ceremony's start and finish."),
  },
  finish(config) {
    // The defaults follow the origins CORS already allows, leaving out those where no browser would
    // run a ceremony for the rp id: the development config allows http://localhost:3000 and
    // http://127.0.0.1:3000, and passkeys work on the first (rp id localhost), never on an IP address.
    const project = config.project;
    const given = (project.webauthn ?? {}) as Partial<WebAuthnConfig>;
    const candidates = given.origins ?? project.allowedOrigins;
    // Related origins are allowed origins too, but of other sites: none of them is the rp id.
    const related = given.relatedOrigins ?? [];
    const hosts = [...candidates.filter((origin) => !related.includes(origin)), config.publicUrl].map((url) => new URL(url).hostname);
    const rpId = given.rpId ?? hosts.find((host) => !isIpAddress(host)) ?? hosts[0]!;
    // Origins given on purpose must all work: a silent exception would fail in the browser only.
    const outside = given.origins?.find((origin) => !onRpId(origin, rpId));
    if (outside) {
      throw new ConfigError(
        'project.webauthn.origins (VESTIBULE_WEBAUTHN_ORIGINS)',
        `${outside} is not on the relying-party id ${rpId} (project.webauthn.rpId) or a subdomain of it, so browsers refuse every passkey ceremony there; list only origins on ${rpId}, or set the rp id to a domain they share`,
      );
    }
    const relatedProblem = relatedOriginsProblem(related, { rpId, allowedOrigins: project.allowedOrigins });
    if (relatedProblem) throw new ConfigError('project.webauthn.relatedOrigins (VESTIBULE_WEBAUTHN_RELATED_ORIGINS)', relatedProblem);
    project.webauthn = {
      rpId,
      rpName: given.rpName ?? project.name,
      origins: candidates.filter((origin) => onRpId(origin, rpId)),
      relatedOrigins: related,
    };
  },
};

export interface WebAuthnConfig {
  /** The relying-party id, a domain (no scheme or port); passkeys are bound to it. */
  rpId: string;
  /** The name the browser's passkey dialog shows. */
  rpName: string;
  /** Exact origins on the rp id a ceremony may come from (clientDataJSON.origin). */
  origins: string[];
  /** Exact origins of other sites a ceremony may come from too (related origin requests), in the order /.well-known/webauthn lists them. */
  relatedOrigins: string[];
}

declare module '../../config/server-config.js' {
  interface ProjectConfig {
    /** The WebAuthn relying party passkeys are made for. */
    webauthn: WebAuthnConfig;
  }
  interface RateLimitConfig {
    /** Passkey ceremony starts and finishes per client IP (each route its own count). */
    webauthnPerIp: RateLimitRule;
  }
}
