import { OpenAPIHono } from '@hono/zod-openapi';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { features } from '../features/index.js';
import { ApiError } from '../kernel/api-error.js';
import { managementAuth } from './management-auth.js';
import { noteRoute } from './answered-requests.js';
import type { AppDeps, AppEnv } from './app-env.js';
import { clientAddress } from './client-ip.js';
import { cors } from './cors.js';
import { errorHandler, notFoundHandler } from './error-handler.js';
import { errorResponse } from './error-response.js';
import type { HotPaths } from './node-listener.js';
import { requestId } from './request-id.js';
import { securityHeaders } from './security-headers.js';
import { storableQuery } from './storable-text.js';
import { thisMachineOnly } from './this-machine.js';

/** Where the management API lives (contract routes with auth 'management'). */
const MANAGEMENT_PATHS = '/v1/';

function enabledFeatures(deps: AppDeps) {
  return features.filter((feature) => feature.enabled?.(deps.config) ?? true);
}

/** The hot paths of the features turned on (http/node-listener.ts). */
export function createHotPaths(deps: AppDeps): HotPaths {
  return new Map(enabledFeatures(deps).flatMap((feature) => Object.entries(feature.hotPaths?.(deps) ?? {})));
}

/** The whole HTTP API as one Request → Response function (plus the OpenAPI registry). */
export function createApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const app = Object.assign(new OpenAPIHono<AppEnv>(), { publicToken: deps.config.project.publicToken, managementAuth: managementAuth(deps) });
  // First, so that it reads the route and the caller once everything else has run.
  app.use('*', noteRoute());
  app.use('*', requestId());
  app.use('*', clientAddress(deps.config.trustProxy, deps.config.clientIpv6Prefix));
  app.use('*', securityHeaders());
  // Development-only routes live under /dev/ and answer this machine alone, whichever feature adds
  // them, as do the paths a feature asks for (Feature.thisMachineOnly); before CORS, so a preflight
  // from elsewhere is refused too.
  if (deps.config.env === 'development') {
    app.use('/dev/*', thisMachineOnly(deps.config));
    for (const feature of enabledFeatures(deps)) {
      for (const [path, guarded] of Object.entries(feature.thisMachineOnly?.(deps.config) ?? {})) app.use(path, thisMachineOnly(deps.config, guarded));
    }
  }
  const ownCors = enabledFeatures(deps).flatMap((feature) => Object.entries(feature.cors?.(deps) ?? {}));
  // The management API (/v1) answers no other origin: the console is served from the API's own,
  // and an operator's session read by a script on the project's pages must not reach it from there.
  app.use('*', cors(deps.config.project.allowedOrigins, [...ownCors.map(([prefix]) => prefix), MANAGEMENT_PATHS]));
  for (const [prefix, middleware] of ownCors) app.use(`${prefix}*`, middleware);
  app.use('*', storableQuery());
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

  for (const feature of enabledFeatures(deps)) feature.register(app, deps);

  app.notFound(notFoundHandler);
  app.onError(errorHandler(deps));
  return app;
}
