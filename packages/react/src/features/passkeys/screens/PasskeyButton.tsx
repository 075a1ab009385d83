import { useId } from 'react';
import { useFlow } from '../../../flow/FlowContext';
import { Button } from '../../../parts/Button';
import { FieldError } from '../../../parts/FieldError';
import type { StringKey } from '../../../strings/en';
import { useWidget } from '../../../widget/context';

/**
 * Main's 'Login with a Passkey': the browser's passkey dialog; a failure shows under the button and
 * is read with it. With `email` (identifier-first's 'Use your passkey'), that address's passkeys only.
 */
export function PasskeyButton({ email, label = 'loginWithPasskey' }: { email?: string; label?: StringKey }) {
  const { t } = useWidget();
  const { state, send } = useFlow();
  const errorId = useId();
  return (
    <div className="vst-passkey-button">
      <Button
        variant="secondary"
        loading={state.passkeyPending}
        disabled={state.pending}
        aria-describedby={state.passkeyError ? errorId : undefined}
        onClick={() => send({ type: 'PASSKEY_SIGN_IN', email })}
      >
        {t(label)}
      </Button>
      <FieldError id={errorId} message={state.passkeyError} />
    </div>
  );
}
