import { useEffect } from 'react';
import { useFlow } from '../../../flow/FlowContext';
import { EmailForm } from '../../../parts/EmailForm';
import { afterPaint } from '../../../later/afterPaint';

/** Main's email form when passwords are on: the email goes to users.search; the answer picks the PasswordCreateOrLogin variant. */
export function PasswordEmailForm() {
  const { state, send } = useFlow();
  // Fetches the password screens ahead, while the user types the email.
  useEffect(() => afterPaint(() => import('./password').catch(() => undefined)), []);
  return (
    <EmailForm
      initialEmail={state.mainDraft?.method === 'password' ? state.mainDraft.typed : ''}
      invalidMessage="invalidEmailFormat"
      pending={state.pending}
      apiError={state.errorDescriptor?.placement === 'field' ? state.errorDescriptor.message : null}
      onSubmit={(email) => send({ type: 'SEARCH_USER', email })}
    />
  );
}
