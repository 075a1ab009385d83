import { vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import type { PasswordStrengthCheckResponse, UserType } from '@vestibule/contract';
import { Flow } from '../../../src/flow/Flow';
import type { ScreenMap } from '../../../src/flow/feature';
import { loginFlow } from '../../../src/mounts/VestibuleLogin';
import { WidgetShell } from '../../../src/mounts/Shell';
import { EmailConfirmation } from '../../../src/features/magic-links/screens/EmailConfirmation';
import { Main } from '../../../src/main/Main';
import { OTPConfirmation } from '../../../src/features/otps/screens/OTPConfirmation';
import { OTPAuthenticate } from '../../../src/features/otps/screens/OTPAuthenticate';
import { PasswordBreached, PasswordCreateOrLogin, PasswordDedupe, PasswordForgot, PasswordSetNew } from '../../../src/features/passwords/screens/password';
import { PasswordConfirmation } from '../../../src/features/passwords/screens/PasswordConfirmation';
import type { LoginConfig, Strings } from '../../../src/types';
import { fakeClient, STRENGTH_OK, type FakeClient, loadWhatComesLater } from '../../helpers';

// The screens are imported directly here; in the widget they load with the later texts (src/later/).
await loadWhatComesLater();

export const SCREENS: ScreenMap = {
  Main,
  EmailConfirmation,
  OTPAuthenticate,
  OTPConfirmation,
  PasswordCreateOrLogin,
  PasswordForgot,
  PasswordSetNew,
  PasswordDedupe,
  PasswordBreached,
  PasswordConfirmation,
};

/** The login flow started on PasswordCreateOrLogin for an email of the given type (screens imported directly). */
export function renderPasswordScreen(type: UserType, options: { client?: FakeClient; config?: LoginConfig; strings?: Strings; email?: string } = {}) {
  const client = options.client ?? fakeClient();
  const config: LoginConfig = options.config ?? { products: ['passwords'] };
  const callbacks = { onEvent: vi.fn(), onError: vi.fn() };
  const view = render(
    <StrictMode>
      <WidgetShell client={client} config={config} callbacks={callbacks} strings={options.strings}>
        <Flow flow={loginFlow} initial={() => loginFlow.initial({ passwordState: { email: options.email ?? 'ada@example.com', type } })} screens={SCREENS} />
      </WidgetShell>
    </StrictMode>,
  );
  return { client, callbacks, ...view };
}

export function strength(overrides: Partial<PasswordStrengthCheckResponse> = {}): PasswordStrengthCheckResponse {
  return { ...STRENGTH_OK, ...overrides, feedback: { ...STRENGTH_OK.feedback, ...overrides.feedback } };
}

export function passwordInput(name: string | RegExp = /^(Password|New password)$/): HTMLInputElement {
  return screen.getByLabelText(name) as HTMLInputElement;
}

/** Types a password and lets the 250 ms debounce pass and the answer arrive (fake timers on). */
export async function typePassword(value: string, name?: string | RegExp) {
  fireEvent.change(passwordInput(name), { target: { value } });
  await act(async () => {
    vi.advanceTimersByTime(250);
  });
  await act(async () => {
    await Promise.resolve();
  });
}

export function eventTypes(callbacks: { onEvent: ReturnType<typeof vi.fn> }): string[] {
  return callbacks.onEvent.mock.calls.map((c) => (c[0] as { type: string }).type);
}
