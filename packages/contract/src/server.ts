import type { OutboxResponse } from './outbox.js';

/** GET /healthz */
export interface HealthResponse {
  status: 'ok';
}

/** GET /.well-known/jwks.json: every signing key that is not retired (ES256, with kid). */
export interface JwksResponse {
  keys: Array<{ kty: 'EC'; crv: 'P-256'; x: string; y: string; kid: string; alg: 'ES256'; use: 'sig' }>;
}

/** Routes outside /sdk/v1: no X-Public-Token needed. /dev/outbox exists only in development. */
export interface ServerRoutes {
  'GET /healthz': { request: void; response: HealthResponse };
  'GET /.well-known/jwks.json': { request: void; response: JwksResponse };
  'GET /openapi.json': { request: void; response: Record<string, unknown> };
  'GET /dev/outbox': { request: { to?: string }; response: OutboxResponse };
}
