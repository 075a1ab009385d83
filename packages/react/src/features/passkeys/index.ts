/** Passkeys: one folder serving two mounts. */
export { passkeys } from './login';
export { passkeyRegistration } from './registration';
export type { PasskeyEvent, PasskeyResult, PasskeySlice } from './state';
