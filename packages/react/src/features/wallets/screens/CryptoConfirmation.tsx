import { GenericSuccess } from '../../../flow/GenericSuccess';
import { WalletHeader } from './WalletHeader';

/** 'Success!' once the wallet's signature signed the user in (fires the flow-complete events once). */
export function CryptoConfirmation() {
  return (
    <>
      <WalletHeader />
      <GenericSuccess authenticated />
    </>
  );
}
