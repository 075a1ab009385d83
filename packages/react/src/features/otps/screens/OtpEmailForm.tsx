import { useFlow } from '../../../flow/FlowContext';
import { EmailForm } from '../../../parts/EmailForm';
import { usePrefetchPasscodeScreen } from './prefetch';

/** Email passcode form: like the magic-link form, with the OTP form's message 'Invalid email address.' */
export function OtpEmailForm() {
  const { state, send } = useFlow();
  usePrefetchPasscodeScreen();
  return (
    <EmailForm
      initialEmail={state.mainDraft?.method === 'email' ? state.mainDraft.typed : ''}
      invalidMessage="invalidEmailOtp"
      validateTrimmed
      pending={state.pending}
      apiError={state.errorDescriptor?.placement === 'field' ? state.errorDescriptor.message : null}
      notSent={Boolean(state.errorDescriptor?.retry)}
      onSubmit={(email, typed) => send({ type: 'SUBMIT_OTP', method: 'email', destination: email, formatted: email, typed })}
    />
  );
}
