/** Passwords: one folder serving two mounts. */
export { passwords } from './login';
export { passwordReset } from './reset';
export { passwordsAccount } from './account';
export type { PasswordEvent, PasswordResult, PasswordSlice, PasswordStrengthState, ResetEmailReason } from './state';
