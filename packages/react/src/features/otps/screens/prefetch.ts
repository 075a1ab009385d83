import { useEffect } from 'react';

/** Fetches the passcode entry screen ahead, while the user fills in the form. */
export function usePrefetchPasscodeScreen() {
  useEffect(() => {
    import('./OTPAuthenticate').catch(() => undefined);
  }, []);
}
