import { useFlow } from '../../../flow/FlowContext';
import { Button } from '../../../parts/Button';
import { useWidget } from '../../../widget/context';
import { WalletHeader } from './WalletHeader';

/** 'Looks like there was an error!' with what failed (announced), 'Try again' with the same wallet, and the back arrow. */
export function CryptoError() {
  const { t } = useWidget();
  const { state, send } = useFlow();
  const option = state.walletState?.walletOption;
  return (
    <>
      <WalletHeader>{t('errorTitle')}</WalletHeader>
      <p className="vst-error-text" role="alert">
        {state.walletError}
      </p>
      {option ? <Button onClick={() => send({ type: 'WALLET_CONNECT', option })}>{t('tryAgain')}</Button> : null}
    </>
  );
}
