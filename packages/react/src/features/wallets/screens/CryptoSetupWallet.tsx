import { useWidget } from '../../../widget/context';
import { WALLET_DOWNLOADS } from '../options';
import { WalletHeader } from './WalletHeader';

/** 'Set up a new crypto wallet': the download pages of four wallets, each in a new tab. */
export function CryptoSetupWallet() {
  const { t } = useWidget();
  return (
    <>
      <WalletHeader>{t('setUpCryptoWallet')}</WalletHeader>
      <ul className="vst-list">
        {WALLET_DOWNLOADS.map((wallet) => (
          <li key={wallet.name}>
            <a className="vst-button vst-button--secondary" href={wallet.url} target="_blank" rel="noopener noreferrer">
              {wallet.name}
              <span className="vst-visually-hidden"> {t('opensInNewTab')}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
