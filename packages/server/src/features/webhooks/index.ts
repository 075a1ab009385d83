import type { Feature } from '../../http/feature.js';
import { pruneDeliveries } from './deliveries-store.js';
import { webhooks as webhooksMigration } from './migrations/0020-webhooks.js';
import { registerWebhookRoutes } from './routes.js';
import { startDeliveries } from './worker.js';

/**
 * Webhooks: operators register endpoints (routes.ts); every event of the types an endpoint takes
 * becomes a delivery in the change's own transaction (the migration's trigger on audit_events), which
 * the server's delivery worker (worker.ts) signs and POSTs until the endpoint answers 2xx, for 24
 * hours, on one instance at a time however many share the database.
 */
export const webhooks: Feature = {
  name: 'webhooks',
  register: registerWebhookRoutes,
  migrations: { '0020-webhooks': webhooksMigration },
  prune: pruneDeliveries,
  start: startDeliveries,
};
