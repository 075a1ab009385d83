import { useWidget } from '../../../widget/context';
import { WalletDownloads } from './WalletDownloads';
import { WalletHeader } from './WalletHeader';

/** 'Set up a new crypto wallet': the download pages of four wallets, each in a new tab. */
export function CryptoSetupWallet() {
  const { t } = useWidget();
  return (
    <>
      <WalletHeader>{t('setUpCryptoWallet')}</WalletHeader>
      <WalletDownloads linkClass="vst-button vst-button--secondary" />
    </>
  );
}
