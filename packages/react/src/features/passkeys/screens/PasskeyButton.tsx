import { useFlow } from '../../../flow/FlowContext';
import { Button } from '../../../parts/Button';
import { useWidget } from '../../../widget/context';

/** Main's 'Login with a Passkey'. Passkey sign-in arrives later: until then it says so in a warning banner. */
export function PasskeyButton() {
  const { t } = useWidget();
  const { send } = useFlow();
  return (
    <Button variant="secondary" onClick={() => send({ type: 'SHOW_BANNER', banner: { variant: 'warning', message: t('passkeyNotAvailable') } })}>
      {t('loginWithPasskey')}
    </Button>
  );
}
