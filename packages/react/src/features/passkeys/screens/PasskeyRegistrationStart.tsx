import { useId } from 'react';
import { useFlow } from '../../../flow/FlowContext';
import { Button } from '../../../parts/Button';
import { FieldError } from '../../../parts/FieldError';
import { Heading } from '../../../parts/Heading';
import { useWidget } from '../../../widget/context';

/** 'Set up a new Passkey' with 'Create a Passkey' and 'Skip'; needs a signed-in user. */
export function PasskeyRegistrationStart() {
  const { t } = useWidget();
  const { state, send } = useFlow();
  const errorId = useId();
  if (!state.passkeyUser) {
    return (
      <p className="vst-error-text" role="alert">
        {t('passkeyNoUser')}
      </p>
    );
  }
  const error = state.errorDescriptor?.placement === 'field' ? state.errorDescriptor.message : null;
  return (
    <>
      <Heading>{t('setUpPasskey')}</Heading>
      <div className="vst-passkey-actions">
        <Button loading={state.pending} aria-describedby={error ? errorId : undefined} onClick={() => send({ type: 'CREATE_PASSKEY' })}>
          {t('createPasskey')}
        </Button>
        <Button variant="secondary" disabled={state.pending} onClick={() => send({ type: 'SKIP_PASSKEY' })}>
          {t('skipPasskey')}
        </Button>
      </div>
      <FieldError id={errorId} message={error} />
    </>
  );
}
