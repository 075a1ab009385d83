import { useFlow } from '../../../flow/FlowContext';
import { EmailForm } from '../../../parts/EmailForm';
import { Heading } from '../../../parts/Heading';
import { useWidget } from '../../../widget/context';
import { Destination } from '../../../parts/Destination';

/**
 * The reset page's magic link was refused (already used, expired, or from an older email): said
 * in plain words, with a new link by email as the way on, then where it went.
 */
export function MagicLinkDead() {
  const { t, tr } = useWidget();
  const { state, send } = useFlow();
  const sentTo = state.magicLinkState?.email;
  if (sentTo) {
    return (
      <>
        <Heading focusOnMount>{t('checkYourEmail')}</Heading>
        <p className="vst-text">{tr('newLoginLinkSent', { email: <Destination value={sentTo} /> })}</p>
      </>
    );
  }
  return (
    <>
      <Heading>{t('loginLinkDeadTitle')}</Heading>
      <p className="vst-text">{t('loginLinkDeadText')}</p>
      <EmailForm
        initialEmail=""
        invalidMessage="invalidEmailFormat"
        submitLabel="emailMeNewLink"
        pending={state.pending}
        apiError={state.errorDescriptor?.placement === 'field' ? state.errorDescriptor.message : null}
        onSubmit={(email) => send({ type: 'SUBMIT_MAGIC_LINK', email })}
      />
    </>
  );
}
