import { useEffect, useState } from 'react';
import type { User } from '@vestibule/contract';
import { Heading } from '../components/Heading';
import { Note } from '../components/Note';
import { useWidget } from '../mounts/context';

/** Needs a signed-in user; creating passkeys arrives with the passkey feature. */
export function PasskeyRegistrationStart() {
  const { client, t } = useWidget();
  const [user, setUser] = useState<User | null>(() => client.user.getSync());
  useEffect(() => client.user.onChange(setUser), [client]);

  if (!user) {
    return (
      <p className="vst-error-text" role="alert">
        {t('passkeyNoUser')}
      </p>
    );
  }
  return (
    <>
      <Heading>{t('setUpPasskey')}</Heading>
      <Note>{t('passkeyCreationNotAvailable')}</Note>
    </>
  );
}
