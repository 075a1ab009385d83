import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { ErrorResponseSchema } from './schemas.js';

/** GET /openapi.json: an OpenAPI 3.1 document generated from the same zod schemas that validate. */
export function registerOpenApiRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'PublicToken', {
    type: 'apiKey',
    in: 'header',
    name: 'X-Public-Token',
    description: "The project's public token; required on every /sdk/v1 call.",
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'SessionToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'The session_token from a SessionResponse.',
  });
  app.openAPIRegistry.register('ErrorResponse', ErrorResponseSchema);
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/openapi.json',
    summary: 'This document.',
    tags: ['Meta'],
    responses: { 200: { description: 'OpenAPI 3.1 document.', content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } } } },
  });
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Vestibule API',
      version: '0.1.0',
      description: 'Sign-in API of Vestibule. Every error answers with the ErrorResponse body.',
    },
    servers: [{ url: deps.config.publicUrl }],
  });
}
