import { cors as honoCors } from 'hono/cors';

/** CORS for the configured browser origins only; preflight answered for the SDK's headers. */
export function cors(allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins);
  return honoCors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'X-Public-Token', 'Authorization'],
    exposeHeaders: ['X-Request-Id', 'Retry-After'],
    maxAge: 600,
  });
}
