/**
 * Everything of the feature that loads lazily, behind one import (one chunk): the screens, Main's
 * wallet buttons with the options table, the detection code with @wallet-standard/app and base58,
 * and the sign-in's steps. It loads when Main is entered with `crypto` in products.
 */
export { WalletButtons } from './screens/WalletButtons';
export { CryptoConnect } from './screens/CryptoConnect';
export { CryptoSignMessage } from './screens/CryptoSignMessage';
export { CryptoOtherScreen } from './screens/CryptoOtherScreen';
export { CryptoSetupWallet } from './screens/CryptoSetupWallet';
export { CryptoError } from './screens/CryptoError';
export { CryptoConfirmation } from './screens/CryptoConfirmation';
export { watchWallets } from './wallets';
export { connectWallet, signChallenge } from './steps';
