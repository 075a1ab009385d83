import type { IncomingMessage, RequestListener } from 'node:http';
import type { Socket } from 'node:net';
import { sql, type Kysely } from 'kysely';
import type { Database } from './storage/database.js';
import { emailAddressOf } from './config/schemas.js';
import type { ServerConfig } from './config/server-config.js';
import { combineEmailSenders, type EmailSender } from './delivery/email-sender.js';
import { createOutboxEmailSink, createOutboxTextSink, pruneOutbox } from './delivery/outbox-sink.js';
import { createTextDelivery } from './delivery/text-delivery.js';
import { createTwilioTextSender } from './delivery/twilio-text-sender.js';
import { createSmtpEmailSender } from './delivery/smtp-email-sender.js';
import type { AppDeps, Clock } from './http/app-env.js';
import type { Logger } from './kernel/logger.js';
import { createApp, createHotPaths } from './http/create-app.js';
import { nodeListener } from './http/node-listener.js';
import { answerUnreadableRequests, refuseTunnels } from './http/unreadable-requests.js';
import { observeRequests, type RequestObserver } from './http/answered-requests.js';
import { shownCallerAddress } from './http/client-ip.js';
import { createLogger } from './logging/create-logger.js';
import { requestLog } from './logging/request-log.js';
import { logSettingsOf } from './logging/settings.js';
import { developmentExposureWarning } from './http/this-machine.js';
import { pruneFailureCounters } from './kernel/failure-counters.js';
import { pruneOneTimeSecrets } from './kernel/one-time-secrets.js';
import { pruneAuditEvents } from './kernel/audit/prune-events.js';
import { pruneAll, prunePeriodically, type PruneBatch } from './kernel/pruning.js';
import { Readiness } from './kernel/readiness.js';
import { features, migrations, userParts } from './features/index.js';
import { metricsNotServed } from './features/metrics/route.js';
import { ServerMetrics } from './features/metrics/server-metrics.js';
import { pruneRateLimits } from './security/rate-limit.js';
import { assertSecretMatches, deriveServerKeys, resolveServerSecret } from './security/server-secret.js';
import { ensureSigningKey, retireSigningKey, rotateSigningKey, sealPlainSigningKeys, SigningKeyring } from './kernel/keyring.js';
import { HeavyWork } from './kernel/heavy-work.js';
import { LiveSessions } from './kernel/sessions/live-sessions.js';
import { pruneSessions } from './kernel/sessions/prune-sessions.js';
import { ChangeFeed } from './storage/change-feed.js';
import { CHANGE_CHANNEL } from './storage/migrations/0011-change-feed.js';
import { createDatabase } from './storage/create-database.js';
import { migrateToLatest } from './storage/migrate.js';

export interface CreateServerOptions {
  /** The time source for every expiry and rate-limit window (tests inject one). */
  clock?: Clock;
  /** Where the server logs, the request log included (default: pino to stdout, logging/create-logger.ts). */
  logger?: Logger;
  /** Extra email sinks, used besides SMTP and the outbox. */
  emailSenders?: EmailSender[];
  /** How often ended secrets are pruned while the server runs (tests shorten it); kernel/pruning.ts. */
  pruneEveryMs?: number;
  /** Told of each request the listener answers, once answered (http/answered-requests.ts). */
  requestObservers?: RequestObserver[];
}

export interface VestibuleServer {
  /** The HTTP API; `env` carries the Node adapter's bindings (the socket) when served by startServer. */
  app: { fetch(request: Request, env?: unknown): Promise<Response> };
  /** Node's request listener for this app (startServer serves it): hot paths first, then app.fetch. */
  listener: RequestListener;
  /** Node's 'clientError' handler (startServer's servers use it): what could not be read as a request, answered and reported. */
  answerUnreadable(error: NodeJS.ErrnoException, socket: Socket): void;
  /** Node's 'connect' handler: a CONNECT answered 405, reported. */
  refuseTunnels(request: IncomingMessage, socket: Socket): void;
  /** Starts signing with a new key; the old one stays in the JWKS until retired. */
  rotateSigningKey(): Promise<{ kid: string; previousKid: string | null }>;
  /** Removes a previous (no longer signing) key from the JWKS. */
  retireSigningKey(kid: string): Promise<boolean>;
  /** The query layer, for tooling and tests (read the tables, never bypass the API for writes). */
  db: Kysely<Database>;
  /** Which database this instance opened. */
  database: 'pglite' | 'postgres';
  /** Where it logs (startServer says there what a shutdown cut). */
  log: Logger;
  /** Readiness answers 503 from now on, so a load balancer stops sending; startServer calls it before it drains. */
  beginShutdown(): void;
  close(): Promise<void>;
}

/** Opens the database (creating the embedded one on first start), migrates it, ensures a signing key. */
export async function createServer(config: ServerConfig, options: CreateServerOptions = {}): Promise<VestibuleServer> {
  const clock = options.clock ?? (() => new Date());
  const log = options.logger ?? createLogger(logSettingsOf(config));
  const exposure = developmentExposureWarning(config);
  if (exposure) log.warn(exposure);
  const unservedMetrics = metricsNotServed(config);
  if (unservedMetrics) log.info(unservedMetrics);
  const secret = resolveServerSecret(config);
  const keys = deriveServerKeys(secret);
  // The kernel's tables (one-time secrets, ended sessions, limits' counters, the outbox, events past
  // their retention) and what features issue in tables of their own.
  const pruners: PruneBatch[] = [
    pruneOneTimeSecrets,
    pruneSessions,
    pruneRateLimits,
    pruneFailureCounters,
    pruneOutbox,
    pruneAuditEvents(config.eventRetentionDays),
    ...features.flatMap((feature) => (feature.prune ? [feature.prune] : [])),
  ];
  const { db, kind, changes, pool } = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }, (error) =>
    log.error('Lost the database connection that listens for changed sessions; sessions are read from the database until it is back.', {
      message: error.message,
    }),
  );
  const feed = new ChangeFeed((payload) => sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`.execute(db));
  try {
    await migrateToLatest(db, migrations);
    await assertSecretMatches(db, secret);
    await sealPlainSigningKeys(db, keys.keyEncryptionKey);
    await ensureSigningKey(db, clock(), keys.keyEncryptionKey);
    await pruneAll(db, pruners, clock());
    await feed.start(changes);
  } catch (error) {
    await feed.close();
    await db.destroy();
    throw error;
  }

  const from = config.project.emailFrom;
  if (!emailAddressOf(from)) throw new Error(`project.emailFrom holds no address: ${from}`);
  const senders: EmailSender[] = [];
  // SMTP first: a message it refused fails the send, in development as in production, and the
  // outbox holds only what went out.
  if (config.smtpUrl) senders.push(createSmtpEmailSender(config.smtpUrl, from));
  senders.push(...(options.emailSenders ?? []));
  if (config.outboxEnabled) senders.push(createOutboxEmailSink(db, clock));
  const email = combineEmailSenders(senders);

  const texts = createTextDelivery({
    outbox: config.outboxEnabled ? createOutboxTextSink(db, clock) : null,
    provider: config.sms ? createTwilioTextSender(config.sms) : null,
    sms: config.sms,
  });

  const stopPruning = prunePeriodically(db, pruners, clock, log, options.pruneEveryMs);
  const keyring = new SigningKeyring(db, keys.keyEncryptionKey);
  const sessions = new LiveSessions(db, userParts, feed, kind === 'postgres', config.project.maxSessionAgeMinutes);
  const heavyWork = new HeavyWork({ concurrency: config.hashConcurrency, queueLength: config.hashQueueLength }, log);
  const metrics = new ServerMetrics({ db, pool, sessions, feed, heavyWork, log });
  const readiness = new Readiness(db, feed, migrations, log);
  const userRevokers = features.flatMap((feature) => (feature.revokeUser ? [feature.revokeUser] : []));
  const waysIn = features.flatMap((feature) => (feature.waysIn ? [feature.waysIn] : []));
  const signInHolds = features.flatMap((feature) => (feature.holdSignIn ? [feature.holdSignIn] : []));
  const secondSteps = features.flatMap((feature) => (feature.secondStep ? [feature.secondStep] : []));
  const deps: AppDeps = {
    config,
    db,
    clock,
    email: metrics.countEmail(email),
    texts: metrics.countTexts(texts),
    keyring,
    sessions,
    userRevokers,
    waysIn,
    userParts,
    otpHmacKey: keys.otpHmacKey,
    secretBoxKey: keys.secretBoxKey,
    signInHolds,
    secondSteps,
    log,
    heavyWork,
    readiness,
    metrics,
  };
  const app = createApp(deps);
  // What features do in the background (webhooks' deliveries), once everything they use is ready.
  const stopBackground = features.flatMap((feature) => (feature.start && (feature.enabled?.(config) ?? true) ? [feature.start(deps)] : []));

  // The Node adapter's bindings (env.incoming: the socket) pass through: per-client limits need the peer address.
  const fetch = async (request: Request, env?: unknown) => app.fetch(request, env);
  const observers = [requestLog(log), metrics.observeRequest, ...(options.requestObservers ?? [])];
  let closed: Promise<void> | null = null;
  return {
    app: { fetch },
    listener: observeRequests(nodeListener(fetch, createHotPaths(deps), log), observers, shownCallerAddress(config.trustProxy)),
    answerUnreadable: answerUnreadableRequests(observers),
    refuseTunnels: refuseTunnels(observers),
    database: kind,
    db,
    log,
    beginShutdown: () => readiness.stop(),
    async rotateSigningKey() {
      const result = await rotateSigningKey(db, clock(), keys.keyEncryptionKey);
      keyring.forget();
      return result;
    },
    async retireSigningKey(kid: string) {
      const retired = await retireSigningKey(db, kid, clock());
      keyring.forget();
      return retired;
    },
    close() {
      closed ??= (async () => {
        readiness.stop();
        await stopPruning();
        await Promise.all(stopBackground.map((stop) => stop()));
        await email.close?.();
        await feed.close();
        await db.destroy();
        log.flush?.();
      })();
      return closed;
    },
  };
}
