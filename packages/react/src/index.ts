export { VestibuleLogin } from './mounts/VestibuleLogin';
export { VestibulePasswordReset } from './mounts/VestibulePasswordReset';
export { VestibulePasskeyRegistration } from './mounts/VestibulePasskeyRegistration';
export { VestibuleIdentityProvider } from './mounts/VestibuleIdentityProvider';
export { VestibuleAccount } from './mounts/VestibuleAccount';
export { getScreen } from './mounts/flows';
export { compileTheme } from './theme/compile';
export { defaultStyles } from './theme/defaults';
/** Each social provider's name as its button says it ('GitHub', 'X'). */
export { PROVIDER_NAMES } from './features/oauth/strings';
export { loadLanguage } from './locales/load-language';
export type { Language } from './locales/choose';
export type { Screen, FlowState } from './flow/types';
export type * from './types';
