import type { Change } from '../../../account/action';
import { texts } from './texts';

/** The password section's changes, through its action runner. */
export function passwordChanges(free: (text: string) => string) {
  return {
    /** Sets the password, or changes it (with the current one when given, else a recent sign-in). */
    save: (request: { password: string; current_password?: string; sign_out_other_devices: boolean }, changing: boolean): Change => ({
      call: (client) => client.account.passwordSet(request),
      field: true,
      change: changing ? 'password_changed' : 'password_set',
      success: free(!changing ? texts.passwordSet : request.sign_out_other_devices ? texts.passwordChangedOthersOut : texts.passwordChanged),
    }),
    remove: (): Change => ({ call: (client) => client.account.passwordRemove(), change: 'password_removed', success: free(texts.passwordRemoved) }),
  };
}
