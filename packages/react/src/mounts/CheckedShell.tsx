import { useEffect, useRef } from 'react';
import type { LoginConfig } from '../types';
import { configProblem } from '../widget/config-check';
import { WidgetShell, type ShellProps } from './Shell';

const NO_CONFIG: LoginConfig = { products: [] };

export interface CheckedShellProps extends Omit<ShellProps, 'config'> {
  config?: LoginConfig;
  /** The identity-provider mount may be given no configuration; the others must be given one. */
  configOptional?: boolean;
}

/**
 * The shell of a mount that takes a configuration, checked before anything is drawn
 * (src/widget/config-check.ts). A mistake is logged once with console.error and shown as text in
 * place of the flow, so no broken form appears; the shell itself then works from no configuration.
 */
export function CheckedShell({ config, configOptional = false, children, ...shell }: CheckedShellProps) {
  const problem = config === undefined && configOptional ? null : configProblem(config);
  // One log per message: React's strict mode runs effects twice, and the ref outlives that.
  const logged = useRef<string | null>(null);
  useEffect(() => {
    if (problem && logged.current !== problem) console.error(problem);
    logged.current = problem;
  }, [problem]);
  return (
    <WidgetShell {...shell} config={problem || !config ? NO_CONFIG : config}>
      {problem ? (
        <p className="vst-error-text" role="alert">
          {problem}
        </p>
      ) : (
        children
      )}
    </WidgetShell>
  );
}
