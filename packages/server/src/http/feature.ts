import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Migration } from 'kysely';
import type { ConfigSection } from '../config/declare.js';
import type { ServerConfig } from '../config/server-config.js';
import type { SecondStepCheck } from '../kernel/account/recent-sign-in.js';
import type { WaysInCounter } from '../kernel/account/ways-in.js';
import type { PruneBatch } from '../kernel/pruning.js';
import type { SignInHold } from '../kernel/sessions/complete-sign-in.js';
import type { UserRevoker } from '../kernel/sessions/revoke-everywhere.js';
import type { UserPart } from '../kernel/users.js';
import type { AppDeps, AppEnv } from './app-env.js';
import type { HotPath } from './node-listener.js';

/**
 * What a feature folder exports: its routes, served when the configuration turns it on. The app is
 * composed from one list of these (features/index.ts); features never import each other.
 */
export interface Feature {
  name: string;
  register(app: OpenAPIHono<AppEnv>, deps: AppDeps): void;
  /** Calls answered before the app when served by Node, by `METHOD /path` (see http/node-listener.ts); each also has its route. */
  hotPaths?(deps: AppDeps): Record<string, HotPath>;
  /** When absent the feature is always on. */
  enabled?(config: ServerConfig): boolean;
  /**
   * Paths besides /dev/ it serves to this machine only in development, with the words a refusal
   * names them by ('Metrics are', and how to serve them to others): createApp guards each as it
   * guards /dev/ (http/this-machine.ts, the one module that trusts a loopback address).
   */
  thisMachineOnly?(config: ServerConfig): Record<string, { what: string; remedy: string }>;
  /** Its fields of vestibule.config.json (see config/declare.ts). */
  config?: ConfigSection;
  /**
   * CORS the feature answers itself, by path prefix, instead of the project's allowed origins (the
   * identity provider's endpoints answer the origins of their relying parties).
   */
  cors?(deps: AppDeps): Record<string, MiddlewareHandler<AppEnv>>;
  /**
   * The migrations that make its own tables (declared in its tables.ts), by name: they run with the
   * kernel's in the order of all the names (storage/migrate.ts allMigrations), whether the feature
   * is on or not.
   */
  migrations?: Readonly<Record<string, Migration>>;
  /** Deletes a batch of its tables' ended rows; the server runs it at start and periodically (kernel/pruning.ts). */
  prune?: PruneBatch;
  /**
   * Work it does in the background while the server runs (webhooks' deliveries), started once the
   * server is ready; returns the function that stops it, which the server awaits before it closes
   * the database.
   */
  start?(deps: AppDeps): () => Promise<void>;
  /**
   * Ends what it granted a user, and removes the credentials a session could attach, when every way
   * in is ended because the account may have been someone else's (a password reset, the first proof
   * of an email that removes a planted password): kernel/sessions/revoke-everywhere.ts.
   */
  revokeUser?: UserRevoker;
  /**
   * How many ways in of its kind a user has (phone numbers, passkeys, social accounts, wallets, a
   * password), counted after an account-page removal so that the last one is never removed
   * (kernel/account/ways-in.ts removeWayIn). A method that signs a user in counts its own.
   */
  waysIn?: WaysInCounter;
  /**
   * Holds a sign-in that would start a new session back for a further step of its own (two-step
   * verification), answering an intermediate session instead (kernel/sessions/complete-sign-in.ts).
   */
  holdSignIn?: SignInHold;
  /**
   * Whether a user has its second step on (two-step verification's app): changes that would lift
   * or go around it then need that step proven again, not a first factor alone
   * (kernel/account/recent-sign-in.ts requireRecentSignInWithSecondStep).
   */
  secondStep?: SecondStepCheck;
  /** What it adds to the User every sign-in answers (one of the contract's userParts), read by kernel/users.ts getUser. */
  userPart?: UserPart;
}
