import { Loading } from '../../../parts/Loading';
import { useWidget } from '../../../widget/context';
import { WalletHeader } from './WalletHeader';

/** 'Connecting to your wallet...' while the wallet is asked for an address (its own dialog) and the server for the message. */
export function CryptoConnect() {
  const { t } = useWidget();
  return (
    <>
      <WalletHeader>{t('cryptoConnecting')}</WalletHeader>
      <Loading />
    </>
  );
}
