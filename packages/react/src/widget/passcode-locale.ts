import type { LoginConfig } from '../types';

/**
 * The language a passcode's email or text is worded in: the host's `otpOptions.locale` when it
 * names one, else the widget's own. The login's passcodes and the account page's use this rule.
 */
export const passcodeLocale = ({ config, locale }: { config: LoginConfig; locale: string }): string => config.otpOptions?.locale ?? locale;
