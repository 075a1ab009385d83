import { Loading } from '../../../parts/Loading';
import { useWidget } from '../../../widget/context';
import { CryptoHeader } from './CryptoHeader';

/** 'Connecting to your wallet...' while the wallet is asked for an address (its own dialog) and the server for the message. */
export function CryptoConnect() {
  const { t } = useWidget();
  return (
    <>
      <CryptoHeader>{t('cryptoConnecting')}</CryptoHeader>
      <Loading />
    </>
  );
}
