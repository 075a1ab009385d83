import { useFlow } from '../../../flow/FlowContext';
import { Button } from '../../../parts/Button';
import { useWidget } from '../../../widget/context';
import { CryptoHeader } from './CryptoHeader';

/** 'Looks like there was an error!' with what failed (announced), 'Try again' with the same wallet, and the back arrow. */
export function CryptoError() {
  const { t } = useWidget();
  const { state, send } = useFlow();
  const option = state.cryptoState?.walletOption;
  return (
    <>
      <CryptoHeader>{t('errorTitle')}</CryptoHeader>
      <p className="vst-error-text" role="alert">
        {state.cryptoError}
      </p>
      {option ? <Button onClick={() => send({ type: 'CRYPTO_CONNECT', option })}>{t('tryAgain')}</Button> : null}
    </>
  );
}
