import { z } from 'zod';
import { field, type ConfigSection } from '../../config/declare.js';
import type { RbacScope } from '@vestibule/contract';

export const bootstrapConfig: ConfigSection = {
  name: 'bootstrap',
  project: {
    displayWatermark: field(z.boolean().default(true), 'Bootstrap `displayWatermark` (the "Powered by" footer).'),
    rbacPolicy: field(
      z
        .strictObject({ scopes: z.array(z.strictObject({ scope: z.string().min(1), description: z.string() })) })
        .nullable()
        .default(null),
      'Bootstrap `rbacPolicy`: `{ scopes: [{ scope, description }] }` or null.',
    ),
  },
};

declare module '../../config/server-config.js' {
  interface ProjectConfig {
    displayWatermark: boolean;
    rbacPolicy: { scopes: RbacScope[] } | null;
  }
}
