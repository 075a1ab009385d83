/**
 * The browser tests' OAuth / OpenID Connect provider, run beside the stack by playwright.config.ts
 * (the server tests' own provider, on a fixed port): the stack's Google, GitHub and Discord point
 * at it through the VESTIBULE_OAUTH_* settings, so those buttons run a real authorization-code
 * flow against it, and the others keep the development provider.
 */
import { startTestProvider } from '../../packages/server/test/helpers/oauth-provider';
import { E2E_OAUTH_PROVIDER_PORT } from '../../playwright.config';

const provider = await startTestProvider(E2E_OAUTH_PROVIDER_PORT);
console.log(`Test OAuth provider on ${provider.url}`);
