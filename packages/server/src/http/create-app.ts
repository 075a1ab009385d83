import { OpenAPIHono } from '@hono/zod-openapi';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { registerBootstrapRoutes } from '../features/bootstrap/routes.js';
import { registerEventRoutes } from '../features/events/routes.js';
import { registerHealthRoutes } from '../features/health/routes.js';
import { registerJwksRoutes } from '../features/jwks/routes.js';
import { registerMagicLinkRoutes } from '../features/magic-links/routes.js';
import { registerOpenApiRoutes } from '../features/openapi/routes.js';
import { registerOtpRoutes } from '../features/otps/routes.js';
import { registerPasswordRoutes } from '../features/passwords/routes.js';
import { registerOutboxRoutes } from '../features/outbox/routes.js';
import { registerSessionRoutes } from '../features/sessions/routes.js';
import { registerUserRoutes } from '../features/users/routes.js';
import { ApiError } from './api-error.js';
import type { AppDeps, AppEnv } from './app-env.js';
import { clientAddress } from './client-ip.js';
import { cors } from './cors.js';
import { errorHandler, notFoundHandler } from './error-handler.js';
import { errorResponse } from './error-response.js';
import { requestId } from './request-id.js';
import { securityHeaders } from './security-headers.js';

/** The whole HTTP API as one Request → Response function (plus the OpenAPI registry). */
export function createApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const app = Object.assign(new OpenAPIHono<AppEnv>(), { publicToken: deps.config.project.publicToken });
  app.use('*', requestId());
  app.use('*', clientAddress(deps.config.trustProxy));
  app.use('*', securityHeaders());
  app.use('*', cors(deps.config.project.allowedOrigins));
  app.use(
    '*',
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) => {
        const response = errorResponse(c, new ApiError('method_not_allowed', `${c.req.method} is not allowed here; use ${methods.join(' or ')}.`));
        response.headers.set('Allow', methods.join(', '));
        return response;
      },
    }),
  );

  registerHealthRoutes(app);
  registerBootstrapRoutes(app, deps);
  registerMagicLinkRoutes(app, deps);
  registerOtpRoutes(app, deps);
  registerPasswordRoutes(app, deps);
  registerSessionRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerEventRoutes(app, deps);
  registerJwksRoutes(app, deps);
  if (deps.config.outboxEnabled) registerOutboxRoutes(app, deps);
  registerOpenApiRoutes(app, deps);

  app.notFound(notFoundHandler);
  app.onError(errorHandler(deps.log));
  return app;
}
