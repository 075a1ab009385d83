import { lazy } from 'react';
import { withLater } from '../../../later/load';
import { AfterFirstPaint } from '../../../parts/AfterFirstPaint';
import { ButtonRoom } from '../../../parts/ButtonRoom';
import { useWidget } from '../../../widget/context';
import { loadWallets } from '../load';

const loadButtons = withLater(() => loadWallets().then((part) => ({ default: part.WalletButtons })));
const WalletButtons = lazy(loadButtons);

/**
 * Main's wallet block: the detected wallets' buttons, which load with the wallets' code; until
 * then, the room of the button most pages get (not a spinner), so the block's arrival does not move the form below.
 */
export function WalletButtonsBlock() {
  const { t } = useWidget();
  return (
    <AfterFirstPaint fallback={<ButtonRoom label={t('setUpCryptoWallet')} />} load={loadButtons}>
      <WalletButtons />
    </AfterFirstPaint>
  );
}
