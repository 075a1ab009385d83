import type { OpenAPIHono } from '@hono/zod-openapi';
import { serverRoutes } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';

/** GET /openapi.json: an OpenAPI 3.1 document generated from the contract's route table, whose schemas also validate. */
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
  app.openAPIRegistry.registerComponent('securitySchemes', 'AccessToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'An access token from POST /oauth2/token (identity provider; RFC 6750).',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'ManagementKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'A management API key (/v1): VESTIBULE_MANAGEMENT_KEY, or one made with `vestibule-server keys create` or POST /v1/keys.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'OperatorSession', {
    type: 'http',
    scheme: 'bearer',
    description: 'The session_token of an operator (a verified email among adminEmails, or added with `vestibule-server admins add`): what the console sends.',
  });
  const doc = serverRoutes.openapi;
  app.openAPIRegistry.registerPath({
    method: doc.method,
    path: doc.path,
    summary: doc.summary,
    tags: [doc.tag],
    responses: { 200: { description: 'OpenAPI 3.1 document.', content: { 'application/json': { schema: doc.response } } } },
  });
  // Generated once, at the first request (every route is registered by then), and kept as text:
  // generating the 220 KB document took about 25 ms of the one thread per call, so a few clients
  // asking for it in a loop starved every other request (an outside attack's finding).
  let document: string | null = null;
  app.get(doc.path, (c) => {
    document ??= JSON.stringify(
      app.getOpenAPI31Document({
        openapi: '3.1.0',
        info: {
          title: 'Vestibule API',
          version: '0.1.0',
          description: 'Sign-in API of Vestibule. Every error answers with the ErrorResponse body.',
        },
        servers: [{ url: deps.config.publicUrl }],
      }),
    );
    return c.body(document, 200, { 'Content-Type': 'application/json' });
  });
}
