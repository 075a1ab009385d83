import type { RbacScope } from '@vestibule/contract';

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
  loginExpirationMinutes: number;
  signupExpirationMinutes: number;
  sessionDurationMinutes: number;
  /** Lifetime of a session JWT. */
  sessionJwtMinutes: number;
  displayWatermark: boolean;
  passwordConfig: { ludsComplexity: number; ludsMinimumCount: number } | null;
  rbacPolicy: { scopes: RbacScope[] } | null;
  /** ISO country codes SMS/WhatsApp passcodes may go to; null allows every country. */
  smsCountries: string[] | null;
  /** Passcode wording chosen by login_template_id / signup_template_id; placeholders {code} {projectName} {minutes}. */
  otpTemplates: Record<string, OtpTemplate>;
}

export interface OtpTemplate {
  /** Email subject (email passcodes only); the built-in subject when absent. */
  subject?: string;
  /** Message text; must contain {code}. */
  text: string;
}

/** A Twilio-style Messages API (POST {baseUrl}/2010-04-01/Accounts/{accountSid}/Messages.json). */
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

/** Locks a user's passcode sign-in after maxFailures wrong codes within windowSeconds, for lockSeconds. */
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

export interface RateLimitConfig {
  /** Magic-link sends per email address. */
  magicLinkPerEmail: RateLimitRule;
  /** Magic-link sends per client IP. */
  magicLinkPerIp: RateLimitRule;
  /** Passcode sends per destination (email address or phone number). */
  otpPerDestination: RateLimitRule;
  /** Passcode sends per client IP. */
  otpPerIp: RateLimitRule;
  /** Wrong passcodes per user before their passcode sign-in is locked. */
  otpLockout: LockoutRule;
}

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
  /** The development outbox (GET /dev/outbox); on only in development. */
  outboxEnabled: boolean;
  /** Take the client IP from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy: boolean;
  rateLimits: RateLimitConfig;
  /** SMS and WhatsApp provider; null: texts only reach the development outbox. */
  sms: SmsProviderConfig | null;
  project: ProjectConfig;
}
