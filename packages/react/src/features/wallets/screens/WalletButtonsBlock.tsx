import { lazy, Suspense } from 'react';
import { ButtonRoom } from '../../../parts/ButtonRoom';
import { loadWallets } from '../load';

const WalletButtons = lazy(() => loadWallets().then((part) => ({ default: part.WalletButtons })));

/**
 * Main's wallet block: the detected wallets' buttons, which load with the wallets' code; until
 * then, one button's room (not a spinner), so the block's arrival does not move the form below.
 */
export function WalletButtonsBlock() {
  return (
    <Suspense fallback={<ButtonRoom />}>
      <WalletButtons />
    </Suspense>
  );
}
