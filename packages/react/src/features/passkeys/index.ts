/** Passkeys: one folder serving two mounts. */
export { passkeys } from './login';
export { passkeyRegistration } from './registration';
export { passkeysAccount } from './account';
export type { PasskeyEvent, PasskeyResult, PasskeySlice } from './state';
