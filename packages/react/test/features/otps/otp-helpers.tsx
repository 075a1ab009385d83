import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { Flow } from '../../../src/flow/Flow';
import type { ScreenMap } from '../../../src/flow/feature';
import { loginFlow } from '../../../src/mounts/VestibuleLogin';
import type { OtpState } from '../../../src/features/otps';
import { WidgetShell } from '../../../src/mounts/Shell';
import { Main } from '../../../src/main/Main';
import { OTPConfirmation } from '../../../src/features/otps/screens/OTPConfirmation';
import { OTPAuthenticate } from '../../../src/features/otps/screens/OTPAuthenticate';
import type { LoginConfig, Strings } from '../../../src/types';
import { fakeClient, type FakeClient, loadWhatComesLater } from '../../helpers';

// The screens are imported directly here; in the widget they load with the later texts (src/later/).
await loadWhatComesLater();

/** The login flow started on OTPAuthenticate (the screen imported directly, not lazily). */
export function renderOtpScreen(otp: Partial<OtpState> = {}, options: { client?: FakeClient; config?: LoginConfig; strings?: Strings } = {}) {
  const client = options.client ?? fakeClient();
  const config: LoginConfig = options.config ?? { products: ['otp'], otpOptions: { methods: ['email'] } };
  const callbacks = { onEvent: vi.fn(), onError: vi.fn() };
  const otpState: OtpState = {
    type: 'email',
    methodId: 'method-1',
    otpDestination: 'ada@example.com',
    formattedDestination: 'ada@example.com',
    expiresAt: Date.now() + 5 * 60_000,
    ...otp,
  };
  const screens: ScreenMap = { Main, OTPAuthenticate, OTPConfirmation };
  const view = render(
    <WidgetShell client={client} config={config} callbacks={callbacks} strings={options.strings}>
      <Flow flow={loginFlow} initial={() => loginFlow.initial({ otpState })} screens={screens} />
    </WidgetShell>,
  );
  return { client, callbacks, ...view };
}
