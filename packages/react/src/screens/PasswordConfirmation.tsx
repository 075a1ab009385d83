import { GenericSuccess } from './GenericSuccess';

/** The reset mount's confirmation; after a magic-link login it is the generic success screen. */
export function PasswordConfirmation() {
  return <GenericSuccess authenticated />;
}
