import { GenericSuccess } from '../../../flow/GenericSuccess';

/**
 * Header 'Success!', body 'Your passcode has been successfully verified.' Fires
 * authenticate-flow-complete once when shown, and not flow-complete.
 */
export function OTPConfirmation() {
  return <GenericSuccess authenticated flowComplete={false} body="passcodeVerified" />;
}

export default OTPConfirmation;
