import { useHydrating } from '../widget/hydration';
import { useAccount } from './context';

/**
 * The clock and time zone a section writes times with ('5 minutes ago', 'Mar 3, 2026'). Drawn by a
 * server, the page reads the server's clock as it read the account, in UTC, and so does the browser
 * while it hydrates: the server knows neither the browser's clock nor its zone, and both sides must
 * write the same. From the render after, the browser's own.
 */
export function useClock(): { now: number; timeZone: string | undefined } {
  const hydrating = useHydrating();
  const { server } = useAccount();
  return hydrating && server ? { now: server.now, timeZone: 'UTC' } : { now: Date.now(), timeZone: undefined };
}
