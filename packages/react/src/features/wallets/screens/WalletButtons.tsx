import { useFlow } from '../../../flow/FlowContext';
import { Button } from '../../../parts/Button';
import { ButtonRoom } from '../../../parts/ButtonRoom';
import { useWidget } from '../../../widget/context';
import { walletButtonsOnMain } from '../options';
import { WalletButton } from './WalletButton';

/**
 * Main's wallet buttons: one per detected wallet, at most 5 minus the OAuth
 * buttons on Main; the rest behind 'Other wallets' (CryptoOtherScreen). No wallet detected: 'Set up
 * a new crypto wallet' (CryptoSetupWallet). Until detection answers, one button's room.
 */
export function WalletButtons() {
  const { t, config } = useWidget();
  const { state, send } = useFlow();
  const detected = state.wallets;
  // Until detection answers, the room of the one button most pages get.
  if (!detected) return <ButtonRoom label={t('setUpCryptoWallet')} />;
  if (!detected.length) {
    return (
      <Button variant="secondary" disabled={state.pending} onClick={() => send({ type: 'WALLET_LIST', list: 'setup' })}>
        {t('setUpCryptoWallet')}
      </Button>
    );
  }
  const oauthButtons = (config.products ?? []).includes('oauth') ? (config.oauthOptions?.providers.length ?? 0) : 0;
  const room = walletButtonsOnMain(oauthButtons);
  return (
    <ul className="vst-list">
      {detected.slice(0, room).map((id) => (
        <li key={id}>
          <WalletButton id={id} />
        </li>
      ))}
      {detected.length > room ? (
        <li>
          <Button variant="secondary" disabled={state.pending} onClick={() => send({ type: 'WALLET_LIST', list: 'other' })}>
            {t('otherWallets')}
          </Button>
        </li>
      ) : null}
    </ul>
  );
}
