import { useEffect } from 'react';
import { afterPaint } from '../../../later/afterPaint';

/** Fetches the passcode entry screen ahead, while the user fills in the form. */
export function usePrefetchPasscodeScreen() {
  useEffect(() => afterPaint(() => import('./OTPAuthenticate').catch(() => undefined)), []);
}
