import { useFlow } from '../../../flow/FlowContext';
import { EmailForm } from '../../../parts/EmailForm';

/** Main's email form when magic links are the email method: the email goes to magicLinks.email.loginOrCreate. */
export function MagicLinkForm() {
  const { state, send } = useFlow();
  return (
    <EmailForm
      initialEmail={state.magicLinkState?.email ?? ''}
      invalidMessage="invalidEmailFormat"
      pending={state.pending}
      apiError={state.errorDescriptor?.placement === 'field' ? state.errorDescriptor.message : null}
      notSent={Boolean(state.errorDescriptor?.retry)}
      onSubmit={(email) => send({ type: 'SUBMIT_MAGIC_LINK', email })}
    />
  );
}
