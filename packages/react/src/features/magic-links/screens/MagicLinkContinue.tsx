import { useFlow } from '../../../flow/FlowContext';
import { Button } from '../../../parts/Button';
import { Destination } from '../../../parts/Destination';
import { Heading } from '../../../parts/Heading';
import { useWidget } from '../../../widget/context';

/**
 * A magic link opened away from the browser that asked for it: another device, or a mail filter
 * that opens every link and runs its script. Nothing is spent until the person presses the button.
 */
export function MagicLinkContinue() {
  const { t, tr } = useWidget();
  const { state, send } = useFlow();
  return (
    <>
      <Heading>{t('finishSigningIn')}</Heading>
      <p className="vst-text">{t('linkOpenedElsewhere')}</p>
      <Button loading={state.pending} onClick={() => send({ type: 'CONFIRM_MAGIC_LINK' })}>
        {tr('continueAs', { email: <Destination value={state.magicLinkUnconfirmed?.email ?? ''} /> })}
      </Button>
    </>
  );
}
