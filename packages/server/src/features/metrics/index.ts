import type { Feature } from '../../http/feature.js';
import { metricsConfig } from './config.js';
import { metricsForThisMachine, metricsServed, registerMetricsRoute } from './route.js';

/**
 * GET /metrics for Prometheus. The counts themselves are kept by ServerMetrics (server-metrics.ts),
 * which createServer makes and hands to every route as deps.metrics, whether or not they are served.
 */
export const metrics: Feature = {
  name: 'metrics',
  config: metricsConfig,
  enabled: metricsServed,
  thisMachineOnly: metricsForThisMachine,
  register: registerMetricsRoute,
};
