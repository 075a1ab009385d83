import { useMemo } from 'react';
import { accountDeletion, accountDevices, accountEmails } from '../features/account';
import { oauthAccount } from '../features/oauth';
import { otpsAccount } from '../features/otps';
import { passkeysAccount } from '../features/passkeys';
import { passwordsAccount } from '../features/passwords';
import { twoStepAccount } from '../features/two-step';
import { walletsAccount } from '../features/wallets';
import { AccountPage } from '../account/AccountPage';
import type { Feature } from '../flow/feature';
import type { AccountMountOptions } from '../types';
import { AfterHydration } from '../parts/AfterHydration';
import { CheckedShell } from './CheckedShell';

/**
 * The account page's features: each offers its section (Feature.account) and its way to confirm
 * it is you (Feature.confirm); the page orders them by their own `order`. A sign-in method that
 * adds something a person manages adds its entry here.
 */
export const accountFeatures: readonly Feature[] = [
  accountEmails,
  otpsAccount,
  passwordsAccount,
  passkeysAccount,
  oauthAccount,
  walletsAccount,
  twoStepAccount,
  accountDevices,
  accountDeletion,
];

/** The account page is wider than the sign-in widgets unless the host says otherwise. */
const ACCOUNT_WIDTH = '560px';

/**
 * The account widget: a signed-in person manages their ways in, their devices and their account
 * (src/account/AccountPage.tsx), once its configuration is checked.
 */
export function VestibuleAccount(props: AccountMountOptions) {
  const { styles, serverState } = props;
  const wide = useMemo(() => ({ ...styles, container: { width: ACCOUNT_WIDTH, ...styles?.container } }), [styles]);
  return (
    <CheckedShell {...props} styles={wide}>
      <AfterHydration known={serverState !== undefined}>
        <AccountPage features={accountFeatures} serverState={serverState} />
      </AfterHydration>
    </CheckedShell>
  );
}
