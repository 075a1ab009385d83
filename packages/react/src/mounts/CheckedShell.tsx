import { lazy, Suspense } from 'react';
import type { LoginConfig } from '../types';
import { configFault } from '../widget/config-fault';
import { WidgetShell, type ShellProps } from './Shell';

const NO_CONFIG: LoginConfig = { products: [] };

/** The developer's message for a mistake: its words load only when there is one. */
const ConfigProblem = lazy(() => import('../widget/ConfigProblem'));

export interface CheckedShellProps extends Omit<ShellProps, 'config'> {
  config?: LoginConfig;
  /** The identity-provider mount may be given no configuration; the others must be given one. */
  configOptional?: boolean;
}

/**
 * The shell of a mount that takes a configuration, checked before anything is drawn
 * (src/widget/config-fault.ts). A mistake is logged once with console.error and shown as text in
 * place of the flow, so no broken form appears; the shell itself then works from no configuration.
 */
export function CheckedShell({ config, configOptional = false, children, ...shell }: CheckedShellProps) {
  const fault = config === undefined && configOptional ? null : configFault(config);
  return (
    <WidgetShell {...shell} config={fault || !config ? NO_CONFIG : config}>
      {fault ? (
        <Suspense fallback={null}>
          <ConfigProblem config={config} />
        </Suspense>
      ) : (
        children
      )}
    </WidgetShell>
  );
}
