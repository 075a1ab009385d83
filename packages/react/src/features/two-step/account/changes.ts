import type { AccountTotpEnrolResponse, RecoveryCodesResponse, TotpCreateResponse } from '@vestibule/contract';
import type { Change } from '../../../account/action';
import { texts } from './texts';

/**
 * The section's calls, through its action runner; each needs a recent sign-in (the runner's
 * confirm step, then the same call again). Turning on and off answer the User, which the client
 * caches, so the section follows without reading it again.
 */
export function twoStepChanges(free: (text: string) => string) {
  return {
    /** A new key and its otpauth:// URI; it replaces one not yet turned on. */
    create: (done: (key: TotpCreateResponse) => void): Change<TotpCreateResponse> => ({
      call: (client) => client.account.totpCreate(),
      done,
    }),
    /** The app's first code turns it on; the answer carries the ten recovery codes. Refusals show under the code's field. */
    enrol: (code: string, done: (answer: AccountTotpEnrolResponse) => void): Change<AccountTotpEnrolResponse> => ({
      call: (client) => client.account.totpEnrol({ code }),
      change: 'two_step_turned_on',
      field: true,
      success: free(texts.turnedOn),
      done,
    }),
    newCodes: (done: (answer: RecoveryCodesResponse) => void): Change<RecoveryCodesResponse> => ({
      call: (client) => client.account.recoveryCodes(),
      change: 'recovery_codes_replaced',
      done,
    }),
    turnOff: (done: () => void): Change => ({
      call: (client) => client.account.totpDelete(),
      change: 'two_step_turned_off',
      success: free(texts.turnedOff),
      done,
    }),
  };
}
