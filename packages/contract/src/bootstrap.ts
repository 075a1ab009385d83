import { z } from 'zod';
import { ok } from './common.js';
import { route } from './route.js';

export const RbacScopeSchema = z.object({ scope: z.string(), description: z.string() });
export type RbacScope = z.output<typeof RbacScopeSchema>;

/** Field names are the spec's own. */
export const BootstrapResponseSchema = z
  .object({
    ...ok,
    emailDomains: z.array(z.string()),
    passwordConfig: z.object({ ludsComplexity: z.number().int(), ludsMinimumCount: z.number().int() }).nullable(),
    displayWatermark: z.boolean(),
    projectName: z.string(),
    rbacPolicy: z.object({ scopes: z.array(RbacScopeSchema) }).nullable(),
  })
  .meta({ id: 'BootstrapResponse' });
export type Bootstrap = Omit<z.output<typeof BootstrapResponseSchema>, 'status_code' | 'request_id'>;

export const bootstrapRoutes = {
  bootstrap: route({
    method: 'get',
    path: '/sdk/v1/projects/bootstrap',
    summary: "The project's public settings the widgets start from.",
    tag: 'Projects',
    auth: 'public',
    response: BootstrapResponseSchema,
    errors: [],
  }),
} as const;
