import { z } from 'zod';
import { field, type ConfigSection } from '../../config/declare.js';
import { origin, rate } from '../../config/schemas.js';
import type { WebAuthnConfig } from '../../config/server-config.js';

const domain = z
  .string()
  .regex(/^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/, 'must be a lower-case domain like example.com (no scheme or port)');

export const passkeysConfig: ConfigSection = {
  name: 'passkeys',
  project: {
    'webauthn.rpId': field(domain.optional(), 'WebAuthn relying-party id: the domain passkeys are bound to (the site or a parent domain of it). Changing it orphans every passkey made for the old one.', {
      env: { name: 'VESTIBULE_WEBAUTHN_RP_ID', read: 'string' },
      defaultText: 'the hostname of the first of `webauthn.origins`',
    }),
    'webauthn.rpName': field(z.string().min(1).max(100).optional(), 'Name the browser\'s passkey dialog shows.', { defaultText: '`project.name`' }),
    'webauthn.origins': field(z.array(origin).min(1, 'must list at least one origin').optional(), 'Exact origins a passkey ceremony may run on (the browser reports it in clientDataJSON). Browsers run ceremonies only on origins within the relying-party id\'s domain.', {
      env: { name: 'VESTIBULE_WEBAUTHN_ORIGINS', read: 'list' },
      defaultText: '`project.allowedOrigins`',
    }),
  },
  server: {
    'rateLimits.webauthnPerIp': field(rate(100, 600), 'Per client address, counted separately for each passkey ceremony\'s start and finish.'),
  },
  finish(config) {
    // The defaults follow the origins CORS already allows, so a fresh install works on localhost.
    const project = config.project;
    const given = (project.webauthn ?? {}) as Partial<WebAuthnConfig>;
    const origins = given.origins ?? project.allowedOrigins;
    project.webauthn = {
      rpId: given.rpId ?? new URL(origins[0] ?? config.publicUrl).hostname,
      rpName: given.rpName ?? project.name,
      origins,
    };
  },
};
