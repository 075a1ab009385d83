import { z } from 'zod';
import { field, type ConfigSection } from '../../config/declare.js';

export const metricsConfig: ConfigSection = {
  name: 'metrics',
  server: {
    metricsToken: field(
      z
        .string()
        .min(32, 'must be at least 32 characters of random text; make one with: openssl rand -base64 32')
        .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces, as an Authorization header carries it')
        .optional(),
      "The token that reads `/metrics` (Prometheus' text format: requests, sign-ins, messages, rate-limit refusals, the database pool, the session cache, the process), sent as `Authorization: Bearer <token>`; 32+ characters (`openssl rand -base64 32`). Unset: development serves `/metrics` to this machine only (as the routes under /dev/), and production does not serve it (the start says so).",
      { env: { name: 'VESTIBULE_METRICS_TOKEN', read: 'string' }, envOnly: true, defaultText: 'none' },
    ),
  },
};

declare module '../../config/server-config.js' {
  interface ServerConfig {
    /** The Bearer token that reads /metrics; undefined when none is set. */
    metricsToken?: string;
  }
}
