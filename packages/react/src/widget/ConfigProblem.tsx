import { useEffect, useRef } from 'react';
import { configProblem } from './config-check';

/**
 * A mistake in the mount's configuration, shown as text in place of the flow and logged once with
 * console.error. Its words load with it (a chunk of their own), only when there is a mistake.
 */
export default function ConfigProblem({ config }: { config: unknown }) {
  const message = configProblem(config);
  // One log per message: React's strict mode runs effects twice, and the ref outlives that.
  const logged = useRef<string | null>(null);
  useEffect(() => {
    if (logged.current !== message) console.error(message);
    logged.current = message;
  }, [message]);
  return (
    <p className="vst-error-text" role="alert">
      {message}
    </p>
  );
}
