import { Banner } from '../parts/Banner';
import { ConfirmIdentity } from './ConfirmIdentity';
import type { Action } from './useAction';

/**
 * What a section's change says, where the section puts it: a failure not tied to a field in an
 * error banner (announced at once), the confirm step while the change waits for it, and a success
 * in a polite live region that is always there (a region added with its text is not always read).
 */
export function ActionStatus({ action }: { action: Action }) {
  const { state } = action;
  return (
    <>
      {state.kind === 'failed' && !state.field ? <Banner variant="error" message={state.message} onDismiss={action.cancel} /> : null}
      {/* A new step for each confirmation asked, with the ways to choose from again. */}
      {state.kind === 'confirming' ? (
        <ConfirmIdentity
          key={state.confirmations}
          why={state.message}
          again={state.confirmations > 0}
          onConfirmed={action.confirmed}
          onCancel={action.cancel}
        />
      ) : null}
      <div role="status" className="vst-account-status">
        {state.kind === 'succeeded' ? <p className="vst-banner vst-banner--success vst-banner-text">{state.message}</p> : null}
      </div>
    </>
  );
}
