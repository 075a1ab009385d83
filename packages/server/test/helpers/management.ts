import type { Answer, ListeningServer, SendOptions } from './listening.js';
import { MANAGEMENT_KEY } from './test-config.js';

export { MANAGEMENT_KEY } from './test-config.js';

/**
 * A call to the management API (/v1) as an operator's back end makes it: `Authorization: Bearer`
 * with the test stacks' key (or `options.session`: another key, or an operator's session token),
 * and no public token.
 */
export function manage<T = any>(server: ListeningServer, method: string, path: string, body?: unknown, options: SendOptions = {}): Promise<Answer<T>> {
  return server.send<T>(method, path, body, { session: MANAGEMENT_KEY, token: null, ...options });
}
