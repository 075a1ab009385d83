import { z } from 'zod';
import { route } from './route.js';

export const HealthResponseSchema = z.object({ status: z.literal('ok') }).meta({ id: 'HealthResponse' });
export type HealthResponse = z.output<typeof HealthResponseSchema>;

/** Every signing key that is not retired, with kid: ES256 (session JWTs) and RS256 (the identity provider's id_tokens). */
export const JwksResponseSchema = z
  .object({
    keys: z.array(
      z.object({
        kty: z.string(),
        crv: z.string().optional(),
        x: z.string().optional(),
        y: z.string().optional(),
        n: z.string().optional(),
        e: z.string().optional(),
        kid: z.string(),
        alg: z.string(),
        use: z.string(),
      }),
    ),
  })
  .meta({ id: 'JwksResponse' });
export type JwksResponse = z.output<typeof JwksResponseSchema>;

/** Routes outside /sdk/v1: no X-Public-Token needed. */
export const serverRoutes = {
  health: route({ method: 'get', path: '/healthz', summary: 'Liveness check.', tag: 'Health', auth: 'none', response: HealthResponseSchema, errors: [] }),
  jwks: route({
    method: 'get',
    path: '/.well-known/jwks.json',
    summary: "Public keys that verify session JWTs and the identity provider's id_tokens (every key not yet retired).",
    tag: 'Keys',
    auth: 'none',
    response: JwksResponseSchema,
    errors: [],
  }),
  openapi: route({
    method: 'get',
    path: '/openapi.json',
    summary: 'This document.',
    tag: 'Meta',
    auth: 'none',
    response: z.record(z.string(), z.unknown()),
    errors: [],
  }),
} as const;
