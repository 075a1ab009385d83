import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { StrictMode, type ReactElement } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { VestibuleIdentityProvider, VestibuleLogin, VestibulePasskeyRegistration, VestibulePasswordReset, type LoginConfig } from '../../src/index';
import { expectNoAxeViolations, fakeClient } from '../helpers';

/** Issue 11: every mount given a configuration checks it before drawing anything. */

const PIGEON = { products: ['otp'], otpOptions: { methods: ['pigeon'] } } as unknown as LoginConfig;
const MESSAGE = "Vestibule config: otpOptions.methods has 'pigeon'; the methods are 'email', 'sms' and 'whatsapp'.";

let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  consoleError.mockRestore();
});

const mounts: [string, (config: LoginConfig) => ReactElement][] = [
  ['login', (config) => <VestibuleLogin client={fakeClient()} config={config} />],
  ['password reset', (config) => <VestibulePasswordReset client={fakeClient()} config={config} passwordResetToken="token" />],
  ['passkey registration', (config) => <VestibulePasskeyRegistration client={fakeClient()} config={config} />],
  ['identity provider', (config) => <VestibuleIdentityProvider client={fakeClient()} config={config} />],
];

describe('the configuration check at mount', () => {
  it.each(mounts)('%s: a mistake is one alert in place of the flow and one console.error (under strict mode too)', async (_name, mount) => {
    const { container } = render(<StrictMode>{mount(PIGEON)}</StrictMode>);
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGE);
    expect(container.querySelector('.vst-screen')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(consoleError.mock.calls).toEqual([[MESSAGE]]);
    await expectNoAxeViolations(container);
  });

  it('shows the message as text, never as markup', async () => {
    render(<VestibuleLogin client={fakeClient()} config={{ products: ['<img src=x onerror=alert(1)>'] } as unknown as LoginConfig} />);
    expect((await screen.findByRole('alert')).textContent).toContain("products has '<img src=x onerror=alert(1)>'");
    expect(screen.getByRole('alert').querySelector('img')).toBeNull();
  });

  it('a plain-JavaScript host that passes no config is told so', async () => {
    render(<VestibuleLogin client={fakeClient()} config={undefined as unknown as LoginConfig} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Vestibule config: the config is undefined; it takes an object with a products array.');
  });

  it('a sound configuration draws the flow and logs nothing', () => {
    render(<VestibuleLogin client={fakeClient()} config={{ products: ['otp'], otpOptions: { methods: ['email'] } }} />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('the identity-provider mount may be given no configuration', async () => {
    render(<VestibuleIdentityProvider client={fakeClient()} />);
    expect(await screen.findByRole('heading')).toBeTruthy();
    expect(screen.queryByText(/Vestibule config/)).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
  });
});
