export { loadConfig, emailAddressOf, CONFIG_FILE_NAME, type LoadConfigOptions } from './load-config.js';
export { ConfigError } from './config-error.js';
export type { ServerConfig, ProjectConfig, RateLimitConfig, RateLimitRule, SmsProviderConfig, OtpTemplate, LockoutRule, PasswordPolicy, Argon2Params } from './server-config.js';
