/**
 * The wire contract. Runtime exports are zod schemas and the route table, for the server; browser
 * code imports this entry as types only (`import type`), so it carries no schema library. The error
 * catalogue, the accepted durations, the languages and the OAuth provider types, plain data, are also entries of
 * their own (`@vestibule/contract/errors`, `/durations`, `/locales`, `/oauth-providers`) that browser code
 * may import at run time.
 */
export * from './errors.js';
export * from './account-errors.js';
export * from './two-step-errors.js';
export * from './management-errors.js';
export * from './health-errors.js';
export * from './all-errors.js';
export * from './durations.js';
export * from './locales.js';
export * from './oauth-providers.js';
export * from './route.js';
export * from './common.js';
export * from './session.js';
export * from './bootstrap.js';
export * from './magic-links.js';
export * from './otps.js';
export * from './passwords.js';
export * from './passkeys.js';
export * from './oauth.js';
export * from './crypto.js';
export * from './users.js';
export * from './account.js';
export * from './two-step.js';
export * from './events.js';
export * from './outbox.js';
export * from './idp.js';
export * from './fedcm.js';
export * from './server.js';
export * from './management/idp-clients.js';
export * from './management/two-step.js';
export * from './management/events.js';
export * from './management/keys.js';
export * from './management/webhooks.js';
export * from './management/users.js';
export * from './management/sessions.js';
export * from './routes.js';
export type * from './session-jwt.js';
