import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import proxyaddr from 'proxy-addr';
import type { z } from 'zod';
import { ConfigError } from './config-error.js';
import { configFileSchema, type ConfigFile } from './config-file-schema.js';
import type { PasswordPolicy, ServerConfig, SmsProviderConfig, TrustProxy } from './server-config.js';

export const CONFIG_FILE_NAME = 'vestibule.config.json';

export interface LoadConfigOptions {
  /** Where to look for vestibule.config.json (and its parents); default process.cwd(). */
  cwd?: string;
  /** Environment to read overrides from; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** An explicit config file path; wins over VESTIBULE_CONFIG and the search from cwd. */
  file?: string;
}

function findConfigFile(cwd: string): string | null {
  let dir = cwd;
  for (;;) {
    const candidate = join(dir, CONFIG_FILE_NAME);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

function describeIssue(issue: z.core.$ZodIssue): [string, string] {
  const field = issue.path.length ? issue.path.join('.') : '(root)';
  if (issue.code === 'unrecognized_keys') {
    return [issue.keys.map((key) => (issue.path.length ? `${field}.${key}` : key)).join(', '), 'unknown field'];
  }
  return [field, issue.message];
}

function list(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function assertUrl(field: string, value: string, protocols: string[]): string {
  if (!URL.canParse(value)) throw new ConfigError(field, `"${value}" is not a URL`);
  const { protocol } = new URL(value);
  if (!protocols.includes(protocol)) throw new ConfigError(field, `must use ${protocols.join(' or ')} (got ${protocol})`);
  return value;
}

/**
 * Reads vestibule.config.json and applies environment overrides. Throws ConfigError naming the
 * field at fault when anything is invalid.
 */
export function loadConfig(options: LoadConfigOptions = {}): ServerConfig {
  const cwd = resolve(options.cwd ?? process.cwd());
  const env = options.env ?? process.env;
  const explicit = options.file ?? env.VESTIBULE_CONFIG;
  const file = explicit ? resolve(cwd, explicit) : findConfigFile(cwd);
  if (!file) throw new ConfigError(CONFIG_FILE_NAME, `not found in ${cwd} or its parents (set VESTIBULE_CONFIG to its path)`);
  if (!existsSync(file)) throw new ConfigError(explicit === env.VESTIBULE_CONFIG ? 'VESTIBULE_CONFIG' : 'file', `${file} does not exist`);

  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(file, `not valid JSON (${(error as Error).message})`);
  }
  const parsed = configFileSchema.safeParse(raw);
  if (!parsed.success) {
    const [field, problem] = describeIssue(parsed.error.issues[0]!);
    throw new ConfigError(field, problem);
  }
  const fileConfig = parsed.data;
  const server = fileConfig.server ?? {};
  const project = { ...fileConfig.project };

  const envName = env.VESTIBULE_ENV ?? server.env ?? 'development';
  if (envName !== 'development' && envName !== 'production') {
    throw new ConfigError('VESTIBULE_ENV', `must be development or production (got "${envName}")`);
  }

  let port = server.port ?? 8787;
  if (env.VESTIBULE_API_PORT !== undefined && env.VESTIBULE_API_PORT !== '') {
    const value = Number(env.VESTIBULE_API_PORT);
    if (!Number.isInteger(value) || value < 0 || value > 65535) {
      throw new ConfigError('VESTIBULE_API_PORT', `must be a port number 0..65535 (got "${env.VESTIBULE_API_PORT}")`);
    }
    port = value;
  }

  const publicUrlRaw = env.VESTIBULE_API_URL || server.publicUrl || `http://localhost:${port}`;
  const publicUrl = assertUrl(env.VESTIBULE_API_URL ? 'VESTIBULE_API_URL' : 'server.publicUrl', publicUrlRaw, ['http:', 'https:']).replace(/\/+$/, '');

  const dataDirRaw = env.VESTIBULE_DATA_DIR || server.dataDir || '.data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw);

  const databaseUrlRaw = env.DATABASE_URL || server.databaseUrl || null;
  const databaseUrl = databaseUrlRaw
    ? assertUrl(env.DATABASE_URL ? 'DATABASE_URL' : 'server.databaseUrl', databaseUrlRaw, ['postgres:', 'postgresql:'])
    : null;

  const smtpUrlRaw = env.SMTP_URL || server.smtpUrl || null;
  const smtpUrl = smtpUrlRaw ? assertUrl(env.SMTP_URL ? 'SMTP_URL' : 'server.smtpUrl', smtpUrlRaw, ['smtp:', 'smtps:']) : null;

  if (env.VESTIBULE_EMAIL_FROM) project.emailFrom = env.VESTIBULE_EMAIL_FROM;
  if (env.VESTIBULE_PUBLIC_TOKEN) project.publicToken = env.VESTIBULE_PUBLIC_TOKEN;
  if (env.VESTIBULE_ALLOWED_ORIGINS !== undefined) {
    project.allowedOrigins = list(env.VESTIBULE_ALLOWED_ORIGINS).map((value) => {
      if (!URL.canParse(value) || new URL(value).origin !== value) {
        throw new ConfigError('VESTIBULE_ALLOWED_ORIGINS', `"${value}" is not an origin like http://localhost:3000`);
      }
      return value;
    });
  }
  for (const [name, key] of [
    ['VESTIBULE_LOGIN_REDIRECT_URLS', 'loginRedirectUrls'],
    ['VESTIBULE_SIGNUP_REDIRECT_URLS', 'signupRedirectUrls'],
  ] as const) {
    const value = env[name];
    if (value === undefined) continue;
    const urls = list(value).map((item) => assertUrl(name, item, ['http:', 'https:']));
    if (urls.length === 0) throw new ConfigError(name, 'must list at least one URL');
    project[key] = urls;
  }
  const resetUrls = env.VESTIBULE_RESET_REDIRECT_URLS;
  if (resetUrls !== undefined) {
    const urls = list(resetUrls).map((item) => assertUrl('VESTIBULE_RESET_REDIRECT_URLS', item, ['http:', 'https:']));
    if (urls.length === 0) throw new ConfigError('VESTIBULE_RESET_REDIRECT_URLS', 'must list at least one URL');
    project.resetPasswordRedirectUrls = urls;
  }
  project.passwordPolicy = passwordPolicy(project.passwordPolicy, env);
  const breachRangeRaw = env.VESTIBULE_BREACH_RANGE_URL || server.breachRangeUrl || null;
  const breachRangeUrl = breachRangeRaw
    ? assertUrl(env.VESTIBULE_BREACH_RANGE_URL ? 'VESTIBULE_BREACH_RANGE_URL' : 'server.breachRangeUrl', breachRangeRaw, ['http:', 'https:']).replace(/\/+$/, '')
    : null;
  if (!emailAddressOf(project.emailFrom)) {
    throw new ConfigError(env.VESTIBULE_EMAIL_FROM ? 'VESTIBULE_EMAIL_FROM' : 'project.emailFrom', `"${project.emailFrom}" holds no email address`);
  }

  const host = env.VESTIBULE_API_HOST || server.host || 'localhost';
  const trustProxy = env.VESTIBULE_TRUST_PROXY
    ? trustProxySetting('VESTIBULE_TRUST_PROXY', parseTrustProxyEnv(env.VESTIBULE_TRUST_PROXY))
    : trustProxySetting('server.trustProxy', server.trustProxy ?? false);

  const sms = smsProvider(server.sms ?? {}, env);

  const secret = env.VESTIBULE_SECRET || null;
  if (secret !== null && secret.length < 32) {
    throw new ConfigError('VESTIBULE_SECRET', `must be at least 32 characters of random text (got ${secret.length}); make one with: openssl rand -base64 32`);
  }
  if (project.maxSessionDurationMinutes < project.sessionDurationMinutes) {
    throw new ConfigError('project.maxSessionDurationMinutes', `must be at least project.sessionDurationMinutes (${project.sessionDurationMinutes})`);
  }

  if (envName === 'production') {
    // Development defaults are unsafe on a public host: refuse to start and name every missing setting.
    const missing: string[] = [];
    if (!env.VESTIBULE_API_URL && !server.publicUrl) missing.push('the public URL (VESTIBULE_API_URL or server.publicUrl)');
    if (!secret) missing.push('the server secret (VESTIBULE_SECRET)');
    if (!smtpUrl) missing.push('a mail transport (SMTP_URL or server.smtpUrl)');
    if (project.allowedOrigins.length === 0) missing.push('the allowed origins (VESTIBULE_ALLOWED_ORIGINS or project.allowedOrigins)');
    if (missing.length > 0) throw new ConfigError('production', `missing ${missing.join('; ')}`);
  }

  return {
    env: envName,
    port,
    host,
    publicUrl,
    dataDir,
    databaseUrl,
    smtpUrl,
    outboxEnabled: envName === 'development',
    trustProxy,
    secret,
    rateLimits: {
      magicLinkPerEmail: server.rateLimits?.magicLinkPerEmail ?? { limit: 5, windowSeconds: 600 },
      magicLinkPerIp: server.rateLimits?.magicLinkPerIp ?? { limit: 50, windowSeconds: 600 },
      otpPerDestination: server.rateLimits?.otpPerDestination ?? { limit: 5, windowSeconds: 600 },
      otpPerIp: server.rateLimits?.otpPerIp ?? { limit: 50, windowSeconds: 600 },
      otpLockout: server.rateLimits?.otpLockout ?? { maxFailures: 10, windowSeconds: 3600, lockSeconds: 1800 },
      otpAccountLockout: server.rateLimits?.otpAccountLockout ?? { maxFailures: 50, windowSeconds: 3600, lockSeconds: 1800 },
      userSearchPerIp: server.rateLimits?.userSearchPerIp ?? { limit: 100, windowSeconds: 600 },
      passwordStrengthPerIp: server.rateLimits?.passwordStrengthPerIp ?? { limit: 300, windowSeconds: 600 },
      passwordPerIp: server.rateLimits?.passwordPerIp ?? { limit: 100, windowSeconds: 600 },
      passwordPerAccount: server.rateLimits?.passwordPerAccount ?? { limit: 50, windowSeconds: 600 },
      passwordLockout: server.rateLimits?.passwordLockout ?? { maxFailures: 10, windowSeconds: 3600, lockSeconds: 1800 },
      passwordAccountLockout: server.rateLimits?.passwordAccountLockout ?? { maxFailures: 100, windowSeconds: 3600, lockSeconds: 1800 },
      passwordResetPerEmail: server.rateLimits?.passwordResetPerEmail ?? { limit: 5, windowSeconds: 600 },
      passwordResetPerIp: server.rateLimits?.passwordResetPerIp ?? { limit: 50, windowSeconds: 600 },
      eventsPerIp: server.rateLimits?.eventsPerIp ?? { limit: 2000, windowSeconds: 600 },
    },
    argon2: {
      memoryCost: server.argon2?.memoryCost ?? 19456,
      timeCost: server.argon2?.timeCost ?? 2,
      parallelism: server.argon2?.parallelism ?? 1,
    },
    breachRangeUrl,
    sms,
    project,
  };
}

/** VESTIBULE_TRUST_PROXY: true, false, a number of hops, or a comma-separated list of proxy addresses/CIDRs. */
function parseTrustProxyEnv(raw: string): boolean | number | string[] {
  if (raw === 'true' || raw === 'false') return raw === 'true';
  if (/^\d+$/.test(raw)) return Number(raw);
  return list(raw);
}

/** true means one proxy hop: the client is the address our proxy saw, never the client's own claim. */
function trustProxySetting(field: string, value: boolean | number | string[]): TrustProxy {
  if (value === true) return 1;
  if (value === false) return false;
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 1 || value > 10) throw new ConfigError(field, `must be true, false, 1..10 hops or a list of proxy addresses (got ${value})`);
    return value;
  }
  try {
    proxyaddr.compile(value);
  } catch (error) {
    throw new ConfigError(field, `${(error as Error).message}; list proxy addresses or CIDRs like 10.0.0.0/8, or loopback`);
  }
  return value;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, min: number, max: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new ConfigError(name, `must be an integer ${min}..${max} (got "${raw}")`);
  return value;
}

/** project.passwordPolicy with VESTIBULE_PASSWORD_POLICY, VESTIBULE_LUDS_COMPLEXITY and VESTIBULE_LUDS_MINIMUM_COUNT applied. */
function passwordPolicy(file: PasswordPolicy, env: NodeJS.ProcessEnv): PasswordPolicy {
  const name = env.VESTIBULE_PASSWORD_POLICY || file.policy;
  if (name !== 'zxcvbn' && name !== 'luds') throw new ConfigError('VESTIBULE_PASSWORD_POLICY', `must be zxcvbn or luds (got "${name}")`);
  const complexity = intFromEnv(env, 'VESTIBULE_LUDS_COMPLEXITY', 1, 4);
  const count = intFromEnv(env, 'VESTIBULE_LUDS_MINIMUM_COUNT', 1, 256);
  if (name === 'zxcvbn') return { policy: 'zxcvbn', minScore: file.policy === 'zxcvbn' ? file.minScore : 3 };
  return {
    policy: 'luds',
    ludsComplexity: complexity ?? (file.policy === 'luds' ? file.ludsComplexity : 3),
    ludsMinimumCount: count ?? (file.policy === 'luds' ? file.ludsMinimumCount : 8),
  };
}

const E164 = /^\+[1-9]\d{1,14}$/;

/** The SMS/WhatsApp provider from server.sms and the TWILIO_* variables; null when neither names an account. */
function smsProvider(file: NonNullable<NonNullable<ConfigFile['server']>['sms']>, env: NodeJS.ProcessEnv): SmsProviderConfig | null {
  const accountSid = env.TWILIO_ACCOUNT_SID || file.accountSid;
  const authToken = env.TWILIO_AUTH_TOKEN || file.authToken;
  const fromNumber = env.TWILIO_FROM_NUMBER || file.fromNumber || null;
  const whatsappFrom = env.TWILIO_WHATSAPP_FROM || file.whatsappFrom || null;
  const baseUrlRaw = env.TWILIO_BASE_URL || file.baseUrl || 'https://api.twilio.com';
  if (!accountSid && !authToken && !fromNumber && !whatsappFrom) return null;
  if (!accountSid) throw new ConfigError(env.TWILIO_AUTH_TOKEN ? 'TWILIO_ACCOUNT_SID' : 'server.sms.accountSid', 'required when an SMS provider is configured');
  if (!authToken) throw new ConfigError(env.TWILIO_ACCOUNT_SID ? 'TWILIO_AUTH_TOKEN' : 'server.sms.authToken', 'required when an SMS provider is configured');
  for (const [name, value] of [
    ['TWILIO_FROM_NUMBER', env.TWILIO_FROM_NUMBER],
    ['TWILIO_WHATSAPP_FROM', env.TWILIO_WHATSAPP_FROM],
  ] as const) {
    if (value && !E164.test(value)) throw new ConfigError(name, `must be an E.164 number like +15005550006 (got "${value}")`);
  }
  const baseUrl = assertUrl(env.TWILIO_BASE_URL ? 'TWILIO_BASE_URL' : 'server.sms.baseUrl', baseUrlRaw, ['http:', 'https:']).replace(/\/+$/, '');
  return { accountSid, authToken, fromNumber, whatsappFrom, baseUrl };
}

/** The bare address inside 'Name <address>' or the value itself when it is a bare address. */
export function emailAddressOf(from: string): string | null {
  const match = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from) ?? /^\s*([^<>\s]+@[^<>\s]+)\s*$/.exec(from);
  return match ? match[1]! : null;
}
