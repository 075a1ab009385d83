import type { ProjectConfig, ServerConfig } from '../../config/server-config.js';
import { emailOrNull } from '../../kernel/email-address.js';

// Named through ServerConfig: config.ts, which declares it, imports this file's scope names.
type IdpRbacPolicy = NonNullable<ServerConfig['idp']['rbac']>;

/** The standard scopes; every other scope is custom (the RBAC policy decides who may grant it). */
export const STANDARD_SCOPE_NAMES = ['openid', 'profile', 'email', 'phone', 'full_access', 'offline_access'] as const;

/** Consent wording of the standard scopes, shown on the authorization page as written here. */
export const STANDARD_SCOPE_DESCRIPTIONS: Record<string, string> = {
  openid: 'Verify your identity and view information stored within your account',
  profile: 'View your personal profile information (name, picture and language)',
  email: 'View your email address',
  phone: 'View your phone number',
  full_access: 'Act on your behalf with full access to your account',
  offline_access: "Maintain access to your data even when you're not actively using the app",
};

/** The scopes discovery advertises: the standard ones a client may be given, then the policy's. */
export function supportedScopes(rbac: IdpRbacPolicy | null): string[] {
  return ['openid', 'profile', 'email', 'phone', 'offline_access', ...(rbac?.scopes.map((scope) => scope.scope) ?? [])];
}

export const isStandardScope = (scope: string) => (STANDARD_SCOPE_NAMES as readonly string[]).includes(scope);

/** Whether the server knows the scope at all (standard, or in the policy). */
export function isKnownScope(scope: string, rbac: IdpRbacPolicy | null): boolean {
  return isStandardScope(scope) || Boolean(rbac?.scopes.some((entry) => entry.scope === scope));
}

/**
 * A scope's consent text in the preflight: a standard scope's wording above; a custom scope's is the
 * project's rbacPolicy description (the bootstrap's, which server.idp.rbac fills when unset), the
 * one source the widget reads too. Empty when the policy has none: the widget then shows its own
 * 'Use the {scope} scope', which a host may reword through its strings.
 */
export function describeScope(scope: string, rbacPolicy: ProjectConfig['rbacPolicy']): string {
  return STANDARD_SCOPE_DESCRIPTIONS[scope] ?? rbacPolicy?.scopes.find((entry) => entry.scope === scope)?.description ?? '';
}

/** The roles a user has: the default roles, plus those whose email list holds one of the user's proven addresses. */
export function rolesOf(rbac: IdpRbacPolicy, provenEmails: string[]): string[] {
  // Proven addresses are stored in normalizeEmail's form; the settings' lists are brought to it.
  const emails = new Set(provenEmails);
  const assigned = Object.entries(rbac.roleEmails)
    .filter(([, list]) => list.some((email) => emails.has(emailOrNull(email) ?? '')))
    .map(([role]) => role);
  return [...new Set([...rbac.defaultRoles, ...assigned])];
}

/** Whether roles allow (resource, action): a permission on the resource with that action or '*'. */
export function allows(rbac: IdpRbacPolicy, roles: string[], resourceId: string, action: string): boolean {
  return rbac.roles
    .filter((role) => roles.includes(role.role_id))
    .some((role) => role.permissions.some((p) => p.resource_id === resourceId && (p.actions === '*' || p.actions.includes(action) || p.actions.includes('*'))));
}

/** Standard scopes are always grantable by the user; a custom one when the user's roles allow every permission it lists. */
export function isGrantable(scope: string, rbac: IdpRbacPolicy | null, roles: string[]): boolean {
  if (isStandardScope(scope)) return true;
  const entry = rbac?.scopes.find((candidate) => candidate.scope === scope);
  if (!rbac || !entry) return false;
  return entry.permissions.every((p) => allows(rbac, roles, p.resource_id, p.action));
}
