import { useFlow } from '../../../flow/FlowContext';
import { Heading } from '../../../parts/Heading';
import { Note } from '../../../parts/Note';
import { useWidget } from '../../../widget/context';

/** Needs a signed-in user (followed by the screen's on-enter hook); creating passkeys arrives with the passkey feature. */
export function PasskeyRegistrationStart() {
  const { t } = useWidget();
  const { state } = useFlow();
  if (!state.passkeyUser) {
    return (
      <p className="vst-error-text" role="alert">
        {t('passkeyNoUser')}
      </p>
    );
  }
  return (
    <>
      <Heading>{t('setUpPasskey')}</Heading>
      <Note>{t('passkeyCreationNotAvailable')}</Note>
    </>
  );
}
