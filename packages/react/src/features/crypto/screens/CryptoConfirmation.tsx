import { GenericSuccess } from '../../../flow/GenericSuccess';
import { CryptoHeader } from './CryptoHeader';

/** 'Success!' once the wallet's signature signed the user in (fires the flow-complete events once). */
export function CryptoConfirmation() {
  return (
    <>
      <CryptoHeader />
      <GenericSuccess authenticated />
    </>
  );
}
