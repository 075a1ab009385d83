import type { OpenAPIHono } from '@hono/zod-openapi';
import { bootstrapRoutes } from '@vestibule/contract';
import { emailAddressOf } from '../../config/schemas.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';

export function registerBootstrapRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const project = deps.config.project;
  const domain = emailAddressOf(project.emailFrom)?.split('@')[1]?.toLowerCase();
  defineRoute(app, bootstrapRoutes.bootstrap, (_c, { ok }) =>
    ok({
      emailDomains: domain ? [domain] : [],
      // The policy is the one source: luds counts for the checklist, null under zxcvbn.
      passwordConfig:
        project.passwordPolicy.policy === 'luds'
          ? { ludsComplexity: project.passwordPolicy.ludsComplexity, ludsMinimumCount: project.passwordPolicy.ludsMinimumCount }
          : null,
      displayWatermark: project.displayWatermark,
      projectName: project.name,
      rbacPolicy: project.rbacPolicy,
    }),
  );
}
