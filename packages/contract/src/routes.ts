import { accountRoutes } from './account.js';
import { bootstrapRoutes } from './bootstrap.js';
import { cryptoRoutes } from './crypto.js';
import { eventRoutes } from './events.js';
import { fedcmRoutes } from './fedcm.js';
import { idpRoutes } from './idp.js';
import { idpClientRoutes } from './management/idp-clients.js';
import { managementTwoStepRoutes } from './management/two-step.js';
import { magicLinkRoutes } from './magic-links.js';
import { managementEventRoutes, managementStatsRoutes } from './management/events.js';
import { managementKeyRoutes } from './management/keys.js';
import { managementSessionRoutes } from './management/sessions.js';
import { managementUserRoutes } from './management/users.js';
import { webhookRoutes } from './management/webhooks.js';
import { otpRoutes } from './otps.js';
import { outboxRoutes } from './outbox.js';
import { oauthRoutes } from './oauth.js';
import { passkeyRoutes } from './passkeys.js';
import { passwordRoutes } from './passwords.js';
import type { RouteDef, RouteMap } from './route.js';
import { serverRoutes } from './server.js';
import { sessionRoutes } from './session.js';
import { twoStepRoutes } from './two-step.js';
import { userRoutes } from './users.js';

/** Every route of the API, feature by feature: the one table the server serves and documents. */
export const routes: readonly RouteDef[] = [
  ...Object.values(serverRoutes),
  ...Object.values(bootstrapRoutes),
  ...Object.values(magicLinkRoutes),
  ...Object.values(otpRoutes),
  ...Object.values(passwordRoutes),
  ...Object.values(passkeyRoutes),
  ...Object.values(oauthRoutes),
  ...Object.values(cryptoRoutes),
  ...Object.values(userRoutes),
  ...Object.values(sessionRoutes),
  ...Object.values(accountRoutes),
  ...Object.values(twoStepRoutes),
  ...Object.values(eventRoutes),
  ...Object.values(idpRoutes),
  ...Object.values(fedcmRoutes),
  ...Object.values(outboxRoutes),
  ...Object.values(idpClientRoutes),
  ...Object.values(managementTwoStepRoutes),
  ...Object.values(managementKeyRoutes),
  ...Object.values(managementEventRoutes),
  ...Object.values(managementStatsRoutes),
  ...Object.values(webhookRoutes),
  ...Object.values(managementUserRoutes),
  ...Object.values(managementSessionRoutes),
];

type Values<T> = T[keyof T];
type AnyRoute =
  | Values<typeof serverRoutes>
  | Values<typeof bootstrapRoutes>
  | Values<typeof magicLinkRoutes>
  | Values<typeof otpRoutes>
  | Values<typeof passwordRoutes>
  | Values<typeof passkeyRoutes>
  | Values<typeof oauthRoutes>
  | Values<typeof cryptoRoutes>
  | Values<typeof userRoutes>
  | Values<typeof sessionRoutes>
  | Values<typeof accountRoutes>
  | Values<typeof twoStepRoutes>
  | Values<typeof eventRoutes>
  | Values<typeof idpRoutes>
  | Values<typeof fedcmRoutes>
  | Values<typeof outboxRoutes>
  | Values<typeof idpClientRoutes>
  | Values<typeof managementTwoStepRoutes>
  | Values<typeof managementKeyRoutes>
  | Values<typeof managementEventRoutes>
  | Values<typeof managementStatsRoutes>
  | Values<typeof webhookRoutes>
  | Values<typeof managementUserRoutes>
  | Values<typeof managementSessionRoutes>;

/** "METHOD path" → request and response types; the client types its calls against it. */
export type Routes = RouteMap<AnyRoute>;
export type SdkRoute = Extract<keyof Routes, `${string} /sdk/v1/${string}`>;
export type SdkRoutes = Pick<Routes, SdkRoute>;
export type RouteRequest<R extends keyof Routes> = Routes[R]['request'];
export type RouteResponse<R extends keyof Routes> = Routes[R]['response'];
