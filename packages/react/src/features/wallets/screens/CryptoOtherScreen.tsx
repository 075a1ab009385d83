import { useFlow } from '../../../flow/FlowContext';
import { Button } from '../../../parts/Button';
import { useWidget } from '../../../widget/context';
import { walletButtonsOnMain } from '../options';
import { WalletHeader } from './WalletHeader';
import { WalletButton } from './WalletButton';

/** 'Other wallets': the detected wallets that did not fit on Main, and the way to set up a new one. */
export function CryptoOtherScreen() {
  const { t, config } = useWidget();
  const { state, send } = useFlow();
  const oauthButtons = (config.products ?? []).includes('oauth') ? (config.oauthOptions?.providers.length ?? 0) : 0;
  const rest = (state.wallets ?? []).slice(walletButtonsOnMain(oauthButtons));
  return (
    <>
      <WalletHeader>{t('otherWallets')}</WalletHeader>
      <ul className="vst-list">
        {rest.map((id) => (
          <li key={id}>
            <WalletButton id={id} />
          </li>
        ))}
        <li>
          <Button variant="text" onClick={() => send({ type: 'WALLET_LIST', list: 'setup' })}>
            {t('setUpCryptoWallet')}
          </Button>
        </li>
      </ul>
    </>
  );
}
