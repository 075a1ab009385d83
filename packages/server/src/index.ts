export { ConfigError, CONFIG_FILE_NAME } from './config/index.js';
export { loadConfig } from './load-config.js';
export type { LoadConfigOptions, ServerConfig, ProjectConfig, RateLimitConfig, RateLimitRule } from './config/index.js';
// The features' parts of ServerConfig (declaration merging), for a host's compiler; nothing at run time.
export type {} from './features/index.js';
export { createServer, type CreateServerOptions, type VestibuleServer } from './create-server.js';
export { startServer } from './start-server.js';
export type { EmailMessage, EmailSender } from './delivery/email-sender.js';
export type { Clock } from './http/app-env.js';
export type { Logger } from './kernel/logger.js';
export { createSessionVerifier, type SessionVerifier, type SessionVerifierOptions } from './host/index.js';
