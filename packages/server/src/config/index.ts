export { loadConfigWith, CONFIG_FILE_NAME, type LoadConfigOptions } from './load-config.js';
export { emailAddressOf } from './schemas.js';
export { ConfigError } from './config-error.js';
export type { ConfigSection, FieldDeclaration } from './declare.js';
export type { ServerConfig, ProjectConfig, RateLimitConfig, RateLimitRule, SmsProviderConfig, LockoutRule, Argon2Params } from './server-config.js';
