import { useEffect, useState } from 'react';
import type { PasswordStrengthCheckResponse } from '@vestibule/contract';
import { messageForError } from '../../../flow/errors';
import { useWidget } from '../../../widget/context';
import { STRENGTH_DEBOUNCE_MS } from '../screens/NewPasswordForm';

export interface Strength {
  /** The server's answer for the password as it is now, or the last one while a check is on its way (the feedback does not flicker). */
  response: PasswordStrengthCheckResponse | null;
  /** The server said this very password may be saved. */
  valid: boolean;
  /** Why the check could not be made (it is shown: without it the password cannot be saved). */
  error: string | null;
}

/**
 * The strength check of a new password on the account page, as the login's sign-up form has it:
 * the server scores the password once typing pauses (zxcvbn or LUDS, and the breach check), and
 * an answer for an older password is kept only until the next.
 */
export function useStrength(password: string, email: string | undefined): Strength {
  const { client, free } = useWidget();
  const [checked, setChecked] = useState<{ password: string; response: PasswordStrengthCheckResponse } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (password === '') return undefined;
    let live = true;
    const timer = setTimeout(() => {
      client.passwords.strengthCheck(email === undefined ? { password } : { password, email }).then(
        (response) => {
          if (!live) return;
          setChecked({ password, response });
          setError(null);
        },
        (err: unknown) => {
          if (live) setError(messageForError(err, free));
        },
      );
    }, STRENGTH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, free, password, email]);
  if (password === '') return { response: null, valid: false, error: null };
  return { response: checked?.response ?? null, valid: checked?.password === password && checked.response.valid_password, error };
}
