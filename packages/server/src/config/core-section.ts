import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import { ConfigError } from './config-error.js';
import { field, type ConfigSection } from './declare.js';
import { emailAddressOf, httpUrl, minutes, origin, rate, urlWith } from './schemas.js';
import type { TrustProxy } from './server-config.js';
import { finishLogSettings, logFields } from '../logging/settings.js';

/** VESTIBULE_TRUST_PROXY: true, false, a number of hops, or a comma-separated list of proxy addresses/CIDRs. */
function readTrustProxy(raw: string): unknown {
  if (raw === 'true' || raw === 'false') return raw === 'true';
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

const trustProxy = z
  .union([z.boolean(), z.number().int().min(1).max(10), z.array(z.string().min(1)).min(1)])
  .refine((value) => {
    if (!Array.isArray(value)) return true;
    try {
      proxyaddr.compile(value);
      return true;
    } catch {
      return false;
    }
  }, 'must be true, false, 1..10 hops, or proxy addresses or CIDRs like 10.0.0.0/8 or loopback')
  .default(false);

const urls = (name: string) => z.array(httpUrl).min(1, `${name} must list at least one URL`);

/**
 * What every deployment sets whatever its sign-in methods: where the server listens and keeps its
 * data, who it is, the project's identity and origins, sessions and emailed-link allowlists.
 */
export const coreSection: ConfigSection = {
  name: 'core',
  server: {
    env: field(
      z.enum(['development', 'production']).default('development'),
      'development or production. The development-only routes under /dev/ (the outbox and the development OAuth provider) exist only in development and answer this machine only: a loopback socket, no proxy header (Forwarded, X-Forwarded-*, X-Real-IP, Via, …), HTTP/1.1, and a loopback Host, whatever trustProxy says. A development server with any address of its own off loopback (public URL, allowed origins, the pages emailed links land on, passkey relying party, identity-provider page) or with trustProxy set serves them to no one and warns at start (one listening on another interface warns too). Production refuses to start without VESTIBULE_API_URL, VESTIBULE_SECRET, SMTP_URL and allowed origins, naming each one missing.',
      { env: { name: 'VESTIBULE_ENV', read: 'string' } },
    ),
    port: field(z.number().int().min(0).max(65535).default(8787), 'Listen port (0 = any free port).', { env: { name: 'VESTIBULE_API_PORT', read: 'integer' } }),
    host: field(z.string().min(1).default('localhost'), 'Interface to bind; `localhost` binds both 127.0.0.1 and ::1. Use `0.0.0.0` in a container.', {
      env: { name: 'VESTIBULE_API_HOST', read: 'string' },
    }),
    publicUrl: field(
      httpUrl.optional(),
      'Public base URL; the token issuer, so every instance of one deployment must have the same one. Required in production.',
      {
        env: { name: 'VESTIBULE_API_URL', read: 'string' },
        defaultText: '`http://localhost:PORT` (development)',
        ownAddress: true,
      },
    ),
    dataDir: field(z.string().min(1).default('.data'), 'Local data folder (relative to cwd); the embedded database lives in `<dataDir>/db`.', {
      env: { name: 'VESTIBULE_DATA_DIR', read: 'string' },
    }),
    databaseUrl: field(urlWith('postgres:', 'postgresql:').optional(), '`postgres://…`: use PostgreSQL instead of the embedded database.', {
      env: { name: 'DATABASE_URL', read: 'string' },
    }),
    smtpUrl: field(
      urlWith('smtp:', 'smtps:').optional(),
      '`smtp://user:pass@host:port` (or `smtps://`). Unset: no SMTP (development still has the outbox). Required in production.',
      { env: { name: 'SMTP_URL', read: 'string' } },
    ),
    trustProxy: field(
      trustProxy,
      "Which `X-Forwarded-For` hops name the client (the address every per-client limit counts). `false`: none, the socket's peer is the client. A number N: N proxies of yours stand in front; the client is the address the outermost saw (`true` is 1). A list of proxy addresses or CIDRs (also `loopback`, `uniquelocal`): the client is the right-most address not in it. The left-most entry, which a client writes itself, is never taken on trust. Only limits count by this address; nothing is granted for it.",
      { env: { name: 'VESTIBULE_TRUST_PROXY', read: readTrustProxy } },
    ),
    hashConcurrency: field(
      z.number().int().min(1).max(64).optional(),
      'CPU-heavy sign-in work (argon2 hashing and verification, passkey and wallet signature checks) run at once. Kept below the cores so that a login flood leaves one for everything else (session checks above all).',
      { env: { name: 'VESTIBULE_HASH_CONCURRENCY', read: 'integer' }, defaultText: 'one less than the cores, at least 1' },
    ),
    hashQueueLength: field(
      z.number().int().min(1).max(10_000).default(32),
      'Calls that may wait for that work; past it a call answers 503 `server_busy` with Retry-After at once (counted, and logged at most every 10 s).',
      { env: { name: 'VESTIBULE_HASH_QUEUE_LENGTH', read: 'integer' } },
    ),
    shutdownGraceSeconds: field(
      z.number().int().min(0).max(3600).default(10),
      'On SIGTERM or SIGINT: readiness answers 503 at once, no new connections are taken, and requests in flight have this long to be answered; the rest are then cut (logged, and the exit status is 1); the database then has 5 s to close. Keep it, plus those 5 s, below what your orchestrator waits before it kills (Kubernetes: terminationGracePeriodSeconds, 30 by default).',
      { env: { name: 'VESTIBULE_SHUTDOWN_GRACE_SECONDS', read: 'integer' } },
    ),
    clientIpv6Prefix: field(
      z.number().int().min(48).max(128).default(64),
      'IPv6 clients are counted by this prefix length (48..128) in every per-client limit and lockout: a connection is usually given a whole /64 to rotate through. 128 counts each address. IPv4 clients are counted per address.',
      { env: { name: 'VESTIBULE_CLIENT_IPV6_PREFIX', read: 'integer' } },
    ),
    secret: field(
      z.string().min(32, 'must be at least 32 characters of random text; make one with: openssl rand -base64 32').optional(),
      'The server secret, 32+ characters (`openssl rand -base64 32`): keys the passcode hashes and encrypts the private signing keys in the database. Required in production and the same on every instance; a database refuses a different one at start.',
      {
        env: { name: 'VESTIBULE_SECRET', read: 'string' },
        envOnly: true,
        defaultText: 'development: generated once into `<dataDir>/secret` (mode 0600)',
      },
    ),
    managementKey: field(
      z.string().min(32, 'must be at least 32 characters of random text; make one with: openssl rand -base64 32').optional(),
      'A management API key (`Authorization: Bearer <key>` on `/v1`), 32+ characters, named `VESTIBULE_MANAGEMENT_KEY` in events; besides the keys `vestibule-server keys create` stores (hashed).',
      { env: { name: 'VESTIBULE_MANAGEMENT_KEY', read: 'string' }, envOnly: true, defaultText: 'none' },
    ),
    eventRetentionDays: field(
      z.number().int().min(1).max(3650).default(90),
      'Days the events of `GET /v1/events` (sign-ins, failures, changes, operator actions) are kept.',
      {
        env: { name: 'VESTIBULE_EVENT_RETENTION_DAYS', read: 'integer' },
      },
    ),
    'rateLimits.managementPerKey': field(rate(600, 60), 'Management API calls per key (or per operator signed in to the console).'),
    ...logFields,
  },
  project: {
    name: field(z.string().min(1), 'Project name: in emails and bootstrap `projectName`.', { env: { name: 'VESTIBULE_PROJECT_NAME', read: 'string' } }),
    publicToken: field(
      z.string().min(8),
      'Value every `/sdk/v1` call must send in `X-Public-Token`; also the session JWT `aud`. A token containing `test` marks a test project.',
      { env: { name: 'VESTIBULE_PUBLIC_TOKEN', read: 'string' } },
    ),
    allowedOrigins: field(z.array(origin), 'Browser origins CORS allows (exact `scheme://host:port`).', {
      env: { name: 'VESTIBULE_ALLOWED_ORIGINS', read: 'list' },
      ownAddress: true,
    }),
    loginRedirectUrls: field(urls('loginRedirectUrls'), 'Exact URLs an emailed login link may lead to; the first is used when the client names none.', {
      env: { name: 'VESTIBULE_LOGIN_REDIRECT_URLS', read: 'list' },
      ownAddress: true,
    }),
    signupRedirectUrls: field(urls('signupRedirectUrls'), 'Same, for sign-up links.', {
      env: { name: 'VESTIBULE_SIGNUP_REDIRECT_URLS', read: 'list' },
      ownAddress: true,
    }),
    emailFrom: field(
      z
        .string()
        .min(3)
        .refine((value) => emailAddressOf(value) !== null, 'holds no email address'),
      'Sender, `Name <address>`. Its domain is bootstrap `emailDomains`.',
      { env: { name: 'VESTIBULE_EMAIL_FROM', read: 'string' } },
    ),
    sessionDurationMinutes: field(minutes(5, 525600).default(30), 'Session lifetime when the client names none (5..525600).'),
    maxSessionDurationMinutes: field(
      minutes(5, 525600).default(525600),
      'The longest `session_duration_minutes` a client may ask for (5..525600, at least `sessionDurationMinutes`); longer is 400 `invalid_duration`.',
    ),
    sessionJwtMinutes: field(minutes(1, 60).default(5), 'Session JWT lifetime (1..60).'),
    adminEmails: field(
      z.array(z.string().email()).default([]),
      "The project's operators: who may sign in to the console (`/console`) and call the management API with their session, by a verified email address; besides those `vestibule-server admins add` stores.",
      { env: { name: 'VESTIBULE_ADMIN_EMAILS', read: 'list' } },
    ),
  },
  finish(config, { env, cwd, file }) {
    config.publicUrl = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
    config.dataDir = isAbsolute(config.dataDir) ? config.dataDir : resolve(cwd, config.dataDir);
    config.databaseUrl ??= null;
    config.smtpUrl ??= null;
    config.secret ??= null;
    config.managementKey ??= null;
    config.outboxEnabled = config.env === 'development';
    config.hashConcurrency ??= Math.max(1, availableParallelism() - 1);
    finishLogSettings(config);
    // true means one proxy hop: the client is the address our proxy saw, never the client's own claim.
    config.trustProxy = ((config.trustProxy as TrustProxy | true) === true ? 1 : config.trustProxy) as TrustProxy;
    const project = config.project;
    if (project.maxSessionDurationMinutes < project.sessionDurationMinutes) {
      throw new ConfigError('project.maxSessionDurationMinutes', `must be at least project.sessionDurationMinutes (${project.sessionDurationMinutes})`);
    }
    if (config.env === 'production') {
      // Development defaults are unsafe on a public host: refuse to start and name every missing setting.
      const missing: string[] = [];
      if (!env.VESTIBULE_API_URL && !file.server.publicUrl) missing.push('the public URL (VESTIBULE_API_URL or server.publicUrl)');
      if (!config.secret) missing.push('the server secret (VESTIBULE_SECRET)');
      if (!config.smtpUrl) missing.push('a mail transport (SMTP_URL or server.smtpUrl)');
      if (project.allowedOrigins.length === 0) missing.push('the allowed origins (VESTIBULE_ALLOWED_ORIGINS or project.allowedOrigins)');
      if (missing.length > 0) throw new ConfigError('production', `missing ${missing.join('; ')}`);
    }
  },
};
