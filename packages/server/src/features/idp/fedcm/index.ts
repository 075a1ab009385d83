import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../../../http/app-env.js';
import { registerAccounts } from './accounts.js';
import { registerAssertion } from './assertion.js';
import { registerClientMetadata } from './client-metadata.js';
import { registerConfigFile } from './config-file.js';
import { registerDisconnect } from './disconnect.js';
import { registerLoginUrl } from './login-url.js';
import { registerWellKnown } from './well-known.js';

/** The identity provider through the browser's FedCM: one endpoint a file, as the config file lists them. */
export function registerFedCm(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  registerWellKnown(app, deps);
  registerConfigFile(app, deps);
  registerAccounts(app, deps);
  registerClientMetadata(app, deps);
  registerAssertion(app, deps);
  registerDisconnect(app, deps);
  registerLoginUrl(app, deps);
}
