import { useFlow } from '../../../flow/FlowContext';
import { useNotSent } from '../../../flow/useNotSent';
import { EmailForm } from '../../../parts/EmailForm';

/** Main's email form when magic links are the email method: the email goes to magicLinks.email.loginOrCreate. */
export function MagicLinkForm() {
  const { state, send } = useFlow();
  const notSent = useNotSent();
  return (
    <EmailForm
      initialEmail={state.magicLinkState?.email ?? ''}
      invalidMessage="invalidEmailFormat"
      pending={state.pending}
      apiError={state.errorDescriptor?.placement === 'field' ? state.errorDescriptor.message : null}
      notSent={notSent !== null}
      onSubmit={(email) => send({ type: 'SUBMIT_MAGIC_LINK', email })}
    />
  );
}
