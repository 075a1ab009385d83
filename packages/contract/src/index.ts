export type * from './errors.js';
export type * from './session.js';
export type * from './bootstrap.js';
export type * from './magic-links.js';
export type * from './events.js';
export type * from './outbox.js';
export type * from './routes.js';
