import { Loading } from '../../../parts/Loading';
import { useWidget } from '../../../widget/context';
import { WalletHeader } from './WalletHeader';

/** 'Completing signature request...' while the wallet signs the message (its own dialog) and the server checks it. */
export function CryptoSignMessage() {
  const { t } = useWidget();
  return (
    <>
      <WalletHeader>{t('cryptoSigning')}</WalletHeader>
      <Loading />
    </>
  );
}
