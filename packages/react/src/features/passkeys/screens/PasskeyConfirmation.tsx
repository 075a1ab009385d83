import { GenericSuccess } from '../../../flow/GenericSuccess';

/**
 * Header 'Success!', body 'Your Passkey has been successfully authenticated.' Fires
 * authenticate-flow-complete once when shown, as the other confirmations do.
 */
export function PasskeyConfirmation() {
  return <GenericSuccess authenticated flowComplete={false} body="passkeyAuthenticated" />;
}

export default PasskeyConfirmation;
