import { health } from './health/index.js';
import { bootstrap } from './bootstrap/index.js';
import { magicLinks } from './magic-links/index.js';
import { otps } from './otps/index.js';
import { passwords } from './passwords/index.js';
import { passkeys } from './passkeys/index.js';
import { oauth } from './oauth/index.js';
import { cryptoWallets } from './crypto/index.js';
import { sessions } from './sessions/index.js';
import { users } from './users/index.js';
import { account } from './account/index.js';
import { twoStep } from './two-step/index.js';
import { events } from './events/index.js';
import { operators } from './operators/index.js';
import { jwks } from './jwks/index.js';
import { idp } from './idp/index.js';
import { outbox } from './outbox/index.js';
import { webhooks } from './webhooks/index.js';
import { consoleFeature } from './console/index.js';
import { openapi } from './openapi/index.js';
import { metrics } from './metrics/index.js';
import type { Feature } from '../http/feature.js';
import { userPartsInOrder } from '../kernel/users.js';
import { allMigrations } from '../storage/migrate.js';

/**
 * Every feature the server serves, in the order its routes are registered: the one place a new
 * feature is added. The OpenAPI document comes last, so it describes all the others.
 */
export const features: Feature[] = [
  health,
  bootstrap,
  magicLinks,
  otps,
  passwords,
  passkeys,
  oauth,
  cryptoWallets,
  sessions,
  users,
  account,
  twoStep,
  events,
  operators,
  jwks,
  idp,
  outbox,
  webhooks,
  consoleFeature,
  metrics,
  openapi,
];

/** Every feature's part of vestibule.config.json, in the same order (the core's comes first). */
export const configSections = features.flatMap((feature) => (feature.config ? [feature.config] : []));

/** Every migration, the kernel's and the features', in the order they run (by name). */
export const migrations = allMigrations(features.flatMap((feature) => (feature.migrations ? [feature.migrations] : [])));

/** What the features add to the User, in the order the contract's User lists them. */
export const userParts = userPartsInOrder(features.flatMap((feature) => (feature.userPart ? [feature.userPart] : [])));

// Each feature adds its settings to ServerConfig beside its fields (its config.ts), and its own
// tables to Database (its tables.ts), by declaration merging. These type-only lines carry those
// declarations into the built .d.ts files, so that a host's compiler, reading ServerConfig (or the
// server's db) from the package, sees every feature's part of it.
export type {} from './bootstrap/config.js';
export type {} from './magic-links/config.js';
export type {} from './otps/config.js';
export type {} from './passwords/config.js';
export type {} from './passkeys/config.js';
export type {} from './oauth/config.js';
export type {} from './crypto/config.js';
export type {} from './sessions/config.js';
export type {} from './users/config.js';
export type {} from './account/config.js';
export type {} from './two-step/config.js';
export type {} from './events/config.js';
export type {} from './idp/config.js';
export type {} from './console/config.js';
export type {} from './metrics/config.js';
export type {} from './events/tables.js';
export type {} from './otps/tables.js';
export type {} from './passkeys/tables.js';
export type {} from './oauth/tables.js';
export type {} from './crypto/tables.js';
export type {} from './idp/tables.js';
export type {} from './two-step/tables.js';
export type {} from './webhooks/tables.js';
