import type { AccountSessionsResponse, DeviceSession } from '@vestibule/contract';
import type { Change } from '../../account/action';
import { texts } from './texts';

/** The user's live sessions. */
export const listDevices: Change<AccountSessionsResponse> = { call: (client) => client.account.sessions() };

/** The devices section's changes, through its action runner. */
export function deviceChanges(free: (text: string) => string) {
  return {
    signOut: ({ session_id }: DeviceSession): Change => ({
      call: (client) => client.account.sessionRevoke({ session_id }),
      change: 'device_signed_out',
      success: free(texts.deviceSignedOut),
    }),
    signOutOthers: (): Change => ({
      call: (client) => client.account.sessionRevokeOthers(),
      change: 'other_devices_signed_out',
      success: free(texts.othersSignedOut),
    }),
  };
}
