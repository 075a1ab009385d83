import type { VestibuleClient } from '@vestibule/client';
import type { LoginConfig, WidgetEvent } from '@vestibule/react';
import { lazy, Suspense, useMemo } from 'react';

/** Loaded when someone has to sign in: an operator already signed in never downloads the widget. */
const VestibuleLogin = lazy(() => import('@vestibule/react').then((module) => ({ default: module.VestibuleLogin })));

/**
 * An email passcode: it signs in on this page (a magic link would land on the project's own pages),
 * and signed in already it adds a fresh sign-in to the same session (sign-in routes take the Bearer
 * session), which is what a sensitive change asks for.
 */
const EMAIL_PASSCODE: LoginConfig = {
  products: ['otp'],
  otpOptions: { methods: ['email'] },
  sessionOptions: { sessionDurationMinutes: 60 },
};

/** Vestibule's own login widget; `onSignedIn` once a sign-in (with its second step, if any) is done. */
export function LoginWidget({ client, nonce, onSignedIn }: { client: VestibuleClient; nonce: string; onSignedIn?(): void }) {
  const callbacks = useMemo(() => ({ onEvent: (event: WidgetEvent) => event.type === 'AUTHENTICATE_FLOW_COMPLETE' && onSignedIn?.() }), [onSignedIn]);
  return (
    <Suspense fallback={<p className="status">Loading the sign-in…</p>}>
      <VestibuleLogin client={client} config={EMAIL_PASSCODE} nonce={nonce} callbacks={callbacks} />
    </Suspense>
  );
}
