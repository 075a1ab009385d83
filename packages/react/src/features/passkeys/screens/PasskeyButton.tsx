import { useId } from 'react';
import { useFlow } from '../../../flow/FlowContext';
import { Button } from '../../../parts/Button';
import { FieldError } from '../../../parts/FieldError';
import { useWidget } from '../../../widget/context';

/** Main's 'Login with a Passkey': the browser's passkey dialog; a failure shows under the button and is read with it. */
export function PasskeyButton() {
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
        onClick={() => send({ type: 'PASSKEY_SIGN_IN' })}
      >
        {t('loginWithPasskey')}
      </Button>
      <FieldError id={errorId} message={state.passkeyError} />
    </div>
  );
}
