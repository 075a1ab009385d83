/**
 * The configuration's core: what config/core-section.ts declares, whatever the sign-in methods.
 * Each feature adds its own settings beside its field declarations (features/<name>/config.ts), by
 * declaration merging into these interfaces, so that every user of ServerConfig sees them all and
 * config/ names no feature.
 */

/** The one project this server hosts: what the widgets see and what the server enforces. */
export interface ProjectConfig {
  /** Shown in emails and returned by bootstrap as projectName. */
  name: string;
  /** The value every /sdk/v1 call must carry in X-Public-Token; also the session JWT audience. */
  publicToken: string;
  /** Browser origins allowed by CORS. */
  allowedOrigins: string[];
  /** Exact URLs a login magic link may lead to; the first is the default. */
  loginRedirectUrls: string[];
  /** Exact URLs a sign-up magic link may lead to; the first is the default. */
  signupRedirectUrls: string[];
  /** Sender of every email, e.g. 'Vestibule Demo <login@vestibule.test>'. */
  emailFrom: string;
  sessionDurationMinutes: number;
  /** The longest session a client may ask for with session_duration_minutes (5..525600). */
  maxSessionDurationMinutes: number;
  /** Lifetime of a session JWT. */
  sessionJwtMinutes: number;
  /** Operators by verified email (VESTIBULE_ADMIN_EMAILS), besides the operators table. */
  adminEmails: string[];
}

/** Locks after maxFailures wrong secrets within windowSeconds, for lockSeconds. */
export interface LockoutRule {
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

export interface RateLimitRule {
  /** Most requests allowed in one window. */
  limit: number;
  windowSeconds: number;
}

/** Every limit: the core's, and each feature's declared by its feature (server.rateLimits.<name>) by declaration merging. */
export interface RateLimitConfig {
  /** Management API calls per key, or per operator's session. */
  managementPerKey: RateLimitRule;
}

/** argon2id cost parameters for new password hashes (OWASP minimum by default: m=19456 KiB, t=2, p=1); security/password-hash.ts takes them. */
export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** A Twilio-style Messages API (POST {baseUrl}/2010-04-01/Accounts/{accountSid}/Messages.json); the shared text delivery (delivery/) takes it. */
export interface SmsProviderConfig {
  accountSid: string;
  authToken: string;
  /** Sender of SMS (E.164); null: no SMS through the provider. */
  fromNumber: string | null;
  /** Sender of WhatsApp messages (E.164, sent as whatsapp:+…); null: no WhatsApp through the provider. */
  whatsappFrom: string | null;
  /** No trailing slash; https://api.twilio.com by default. */
  baseUrl: string;
}

/**
 * Which X-Forwarded-For hops to believe: false (none: the socket's peer is the client), a number
 * of proxy hops in front of the server, or the addresses/CIDRs of those proxies.
 */
export type TrustProxy = false | number | string[];

export interface ServerConfig {
  env: 'development' | 'production';
  /** Port to listen on (0 picks a free one). */
  port: number;
  /** Interface startServer binds; loopback by default (both 127.0.0.1 and ::1). */
  host: string;
  /** Public base URL of the API, no trailing slash; the session JWT issuer. */
  publicUrl: string;
  /** Folder for local data; the embedded database lives in `<dataDir>/db`. */
  dataDir: string;
  /** postgres:// URL; when set, PostgreSQL is used instead of the embedded database. */
  databaseUrl: string | null;
  /** smtp:// or smtps:// URL; when null no SMTP delivery happens. */
  smtpUrl: string | null;
  /** The development outbox (GET /dev/outbox); on only in development, and served to loopback clients only. */
  outboxEnabled: boolean;
  /** Which X-Forwarded-For hops name the client (only behind a proxy of your own). */
  trustProxy: TrustProxy;
  /** CPU-heavy sign-in work (argon2, signature checks) at once, and how many calls may wait for it; see kernel/heavy-work.ts. */
  hashConcurrency: number;
  hashQueueLength: number;
  /** On SIGTERM or SIGINT, how long requests in flight have to be answered before they are cut (start-server.ts). */
  shutdownGraceSeconds: number;
  /** IPv6 clients are counted by this prefix length (48..128); see http/client-ip.ts. */
  clientIpv6Prefix: number;
  /**
   * VESTIBULE_SECRET: keys the passcode hashes and encrypts signing keys at rest. Required in
   * production; null in development, where one is generated into `<dataDir>/secret`.
   */
  secret: string | null;
  /** VESTIBULE_MANAGEMENT_KEY: one management key set by the environment; null when none. */
  managementKey: string | null;
  /** How long GET /v1/events keeps an event. */
  eventRetentionDays: number;
  /** Every limit (RateLimitConfig). */
  rateLimits: RateLimitConfig;
  project: ProjectConfig;
}
