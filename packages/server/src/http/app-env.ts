import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config/server-config.js';
import type { EmailSender } from '../delivery/email-sender.js';
import type { TextDelivery } from '../delivery/text-delivery.js';
import type { SigningKeyring } from '../kernel/keyring.js';
import type { HeavyWork } from '../kernel/heavy-work.js';
import type { SecondStepCheck } from '../kernel/account/recent-sign-in.js';
import type { WaysInCounter } from '../kernel/account/ways-in.js';
import type { LiveSessions } from '../kernel/sessions/live-sessions.js';
import type { SignInHold } from '../kernel/sessions/complete-sign-in.js';
import type { UserRevoker } from '../kernel/sessions/revoke-everywhere.js';
import type { UserPart } from '../kernel/users.js';
import type { Database, SessionRow } from '../storage/database.js';
import type { Logger } from '../kernel/logger.js';
import type { Metrics } from '../kernel/metrics.js';
import type { Readiness } from '../kernel/readiness.js';
import type { Operator } from './operator.js';

export type Clock = () => Date;

/** What every handler may use; built once by createServer. */
export interface AppDeps {
  config: ServerConfig;
  db: Kysely<Database>;
  clock: Clock;
  email: EmailSender;
  /** SMS and WhatsApp: the provider when configured, plus the outbox in development. */
  texts: TextDelivery;
  keyring: SigningKeyring;
  /** Live sessions and their users as this instance last read them (the session check's fast path). */
  sessions: LiveSessions;
  /** What features end of a user's when every way in is ended (Feature.revokeUser). */
  userRevokers: readonly UserRevoker[];
  /** How many ways in of each feature's kind a user has (Feature.waysIn; kernel/account/ways-in.ts removeWayIn). */
  waysIn: readonly WaysInCounter[];
  /** What features add to the User, in its order (Feature.userPart; kernel/users.ts getUser). */
  userParts: readonly UserPart[];
  /** Keys passcode hashes; derived from the server secret, never stored. */
  otpHmacKey: Buffer;
  /** Encrypts secrets the server reads back (security/secret-box.ts); derived from the server secret, never stored. */
  secretBoxKey: Uint8Array;
  /** What features hold a sign-in back for (Feature.holdSignIn; kernel/sessions/complete-sign-in.ts). */
  signInHolds: readonly SignInHold[];
  /** Whether a user has a second step on (Feature.secondStep; kernel/account/recent-sign-in.ts requireRecentSignInWithSecondStep). */
  secondSteps: readonly SecondStepCheck[];
  log: Logger;
  /** Where CPU-heavy sign-in work waits its turn (kernel/heavy-work.ts). */
  heavyWork: HeavyWork;
  /** What is counted for the operators' /metrics (kernel/metrics.ts; features/metrics serves it). */
  metrics: Metrics;
  /** Whether this instance should get traffic (GET /readyz; kernel/readiness.ts). */
  readiness: Readiness;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    /** The caller's address (the socket's peer, or what a trusted proxy saw); see http/client-ip.ts. */
    clientIp: string;
    /** The caller's own address, as people read it (not the key limits count by); null when none parses. */
    clientAddress: string | null;
    /** The text of a POST's or PATCH's body, once it has arrived (set by the bodyArrived middleware, before the credentials are checked). */
    bodyText: string;
    /** The parsed JSON body of a POST (set by the jsonBody middleware). */
    body: unknown;
    /** The session the Bearer token names, once sessionAuth has checked it. */
    session: SessionRow;
    sessionToken: string;
    /** Who calls a management route, once its authentication has passed (http/management-auth.ts). */
    operator: Operator;
  };
}
