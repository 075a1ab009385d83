import { useFlow } from '../../../flow/FlowContext';
import { Button } from '../../../parts/Button';
import { useWidget } from '../../../widget/context';
import { walletOption } from '../options';
import type { WalletOptionId } from '../state';

/** 'Continue with {wallet}': connects that wallet (CryptoConnect). */
export function WalletButton({ id }: { id: WalletOptionId }) {
  const { t } = useWidget();
  const { state, send } = useFlow();
  return (
    <Button variant="secondary" disabled={state.pending} onClick={() => send({ type: 'WALLET_CONNECT', option: id })}>
      {t('continueWithWallet', { wallet: walletOption(id).name })}
    </Button>
  );
}
