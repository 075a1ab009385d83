import { useFlow } from '../../../flow/FlowContext';
import { DeadLink } from '../../../parts/DeadLink';

/** The reset page's magic link was refused (already used, expired, or from an older email). */
export function MagicLinkDead() {
  const { state, send } = useFlow();
  return (
    <DeadLink
      title="loginLinkDeadTitle"
      text="loginLinkDeadText"
      sentTitle="checkYourEmail"
      sentText="newLoginLinkSent"
      sentTo={state.magicLinkState?.email}
      pending={state.pending}
      apiError={state.errorDescriptor?.placement === 'field' ? state.errorDescriptor.message : null}
      onSubmit={(email) => send({ type: 'SUBMIT_MAGIC_LINK', email })}
    />
  );
}
