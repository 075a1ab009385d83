import { useWidget } from '../../../widget/context';
import { WALLET_DOWNLOADS } from '../options';

/**
 * The download pages of the wallets we suggest, each opening in a new tab: buttons on the login's
 * 'Set up a new crypto wallet', links under the account page's 'No wallet was found' (`linkClass`).
 */
export function WalletDownloads({ linkClass }: { linkClass: string }) {
  const { t } = useWidget();
  return (
    <ul className="vst-list">
      {WALLET_DOWNLOADS.map((wallet) => (
        <li key={wallet.name}>
          <a className={linkClass} href={wallet.url} target="_blank" rel="noopener noreferrer">
            {wallet.name}
            <span className="vst-visually-hidden"> {t('opensInNewTab')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
