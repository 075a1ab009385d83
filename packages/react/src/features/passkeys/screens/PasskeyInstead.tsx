import { Divider } from '../../../parts/Divider';
import { useWidget } from '../../../widget/context';
import { PasskeyButton } from './PasskeyButton';

/**
 * Identifier-first passkeys: after an email was typed, its passkey (the browser is offered that
 * address's credentials only). Shown for every address: the server answers an address without a
 * passkey with a stand-in of the same shape, so nothing here tells whether one exists. A default
 * export, for lazyWithLater.
 */
export default function PasskeyInstead({ email }: { email: string }) {
  const { t } = useWidget();
  return (
    <>
      <Divider label={t('or')} />
      <PasskeyButton email={email} label="usePasskey" />
    </>
  );
}
