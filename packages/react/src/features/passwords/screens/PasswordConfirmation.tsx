import { GenericSuccess } from '../../../flow/GenericSuccess';

/**
 * The success screen after a password create, log in or reset, and after a magic-link login on
 * the reset page: the generic success ('Success!', 'You have successfully logged in.'), firing
 * authenticate-flow-complete and flow-complete once.
 */
export function PasswordConfirmation() {
  return <GenericSuccess authenticated />;
}

export default PasswordConfirmation;
