import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { VestibuleLogin } from '../../../src/index';
import { passkeyAutofillApplies } from '../../../src/features/passkeys/autofill';
import { loginFlow } from '../../../src/mounts/VestibuleLogin';
import type { LoginConfig } from '../../../src/types';
import { apiError, expectNoAxeViolations, fakeClient, SESSION_RESPONSE, type FakeClient } from '../../helpers';

afterEach(cleanup);

const EML_AND_PASSKEYS: LoginConfig = { products: ['emailMagicLinks', 'passkeys'] };
const NOT_FOUND = 'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.';
const UNKNOWN = 'Unknown error occurred during passkey authentication. Please try again.';

function renderLogin(client: FakeClient = fakeClient(), config: LoginConfig = EML_AND_PASSKEYS) {
  const callbacks = { onEvent: vi.fn(), onError: vi.fn() };
  const view = render(<VestibuleLogin client={client} config={config} callbacks={callbacks} />);
  return { client, callbacks, ...view };
}

/** A conditional ceremony that waits for a pick until its signal aborts it. */
function waitingForPick(client: FakeClient) {
  client.webauthn.authenticate.mockImplementation(
    (options) =>
      new Promise((_resolve, reject) => {
        options?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      }),
  );
}

const eventTypes = (callbacks: { onEvent: ReturnType<typeof vi.fn> }) => callbacks.onEvent.mock.calls.map((c) => (c[0] as { type: string }).type);

describe('passkey sign-in with the button', () => {
  it('a ceremony cancelled by leaving Main leaves no spinner behind when the user comes back', async () => {
    const client = fakeClient();
    waitingForPick(client);
    renderLogin(client);
    fireEvent.click(await screen.findByRole('button', { name: 'Login with a Passkey' }));
    expect(screen.getByRole('button', { name: 'Login with a Passkey' }).getAttribute('aria-busy')).toBe('true');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    const back = await screen.findByRole('button', { name: 'Login with a Passkey' });
    expect(back.getAttribute('aria-busy')).toBeNull();
    expect((back as HTMLButtonElement).disabled).toBe(false);
  });

  it('signs in and shows PasskeyConfirmation, firing authenticate-flow-complete (no accessibility violations)', async () => {
    const { client, callbacks, container } = renderLogin();
    const button = await screen.findByRole('button', { name: 'Login with a Passkey' });
    await expectNoAxeViolations(container);
    fireEvent.click(button);
    expect(await screen.findByText('Your Passkey has been successfully authenticated.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.webauthn.authenticate).toHaveBeenCalledWith(expect.objectContaining({ session_duration_minutes: 30 }));
    expect(client.webauthn.authenticate.mock.calls[0]![0]).not.toHaveProperty('conditional_mediation');
    await waitFor(() => expect(eventTypes(callbacks)).toEqual(['PASSKEY_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']));
    expect(callbacks.onEvent.mock.calls[0]![0]).toEqual({ type: 'PASSKEY_AUTHENTICATE', data: SESSION_RESPONSE });
    await expectNoAxeViolations(container);
  });

  it('a registration the server no longer knows: its message under the button, tied to it, and onError', async () => {
    const client = fakeClient();
    client.webauthn.authenticate.mockRejectedValue(apiError('webauthn_registration_not_found', 'Not found.', 404));
    const { callbacks, container } = renderLogin(client);
    fireEvent.click(await screen.findByRole('button', { name: 'Login with a Passkey' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(NOT_FOUND);
    expect(screen.getByRole('button', { name: 'Login with a Passkey' }).getAttribute('aria-describedby')).toBe(alert.id);
    expect(callbacks.onError).toHaveBeenCalledWith(expect.objectContaining({ error_type: 'webauthn_registration_not_found' }));
    await expectNoAxeViolations(container);
  });

  it('any other failure: the unknown-error message; a success afterwards clears it', async () => {
    const client = fakeClient();
    client.webauthn.authenticate.mockRejectedValueOnce(new Error('boom'));
    renderLogin(client);
    fireEvent.click(await screen.findByRole('button', { name: 'Login with a Passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe(UNKNOWN);
    fireEvent.click(screen.getByRole('button', { name: 'Login with a Passkey' }));
    expect(await screen.findByText('Your Passkey has been successfully authenticated.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("closing the browser's dialog shows nothing and tells no one: the button is ready again", async () => {
    const client = fakeClient();
    client.webauthn.authenticate.mockRejectedValue(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
    const { callbacks } = renderLogin(client);
    fireEvent.click(await screen.findByRole('button', { name: 'Login with a Passkey' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Login with a Passkey' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callbacks.onError).not.toHaveBeenCalled();
  });

  it('is shown when the browser has no passkey autofill, and then no conditional ceremony runs', async () => {
    const { client } = renderLogin();
    expect(await screen.findByRole('button', { name: 'Login with a Passkey' })).toBeTruthy();
    expect(client.webauthn.browserSupportsAutofill).toHaveBeenCalled();
    expect(client.webauthn.authenticate).not.toHaveBeenCalled();
  });

  it('is shown without an email method whatever the browser offers (nothing to autofill)', async () => {
    const client = fakeClient();
    client.webauthn.browserSupportsAutofill.mockResolvedValue(true);
    renderLogin(client, { products: ['otp', 'passkeys'], otpOptions: { methods: ['sms'] } });
    expect(screen.getByRole('button', { name: 'Login with a Passkey' })).toBeTruthy();
    await act(async () => undefined);
    expect(client.webauthn.browserSupportsAutofill).not.toHaveBeenCalled();
    expect(client.webauthn.authenticate).not.toHaveBeenCalled();
  });

  it('passkeys by themselves: the configuration error instead, and no ceremony', async () => {
    const { client, container } = renderLogin(fakeClient(), { products: ['passkeys'] });
    await expectNoAxeViolations(container);
    expect(screen.getByRole('alert').textContent).toBe('Error: Cannot use Passkeys by itself, please add another product to the config.');
    expect(screen.queryByRole('button', { name: 'Login with a Passkey' })).toBeNull();
    await act(async () => undefined);
    expect(client.webauthn.authenticate).not.toHaveBeenCalled();
  });
});

describe('passkey sign-in through autofill', () => {
  function autofillClient() {
    const client = fakeClient();
    client.webauthn.browserSupportsAutofill.mockResolvedValue(true);
    return client;
  }

  it("hides the button and waits for a pick on the email field ('username webauthn') (no accessibility violations)", async () => {
    const client = autofillClient();
    waitingForPick(client);
    const { container } = renderLogin(client);
    await waitFor(() => expect(client.webauthn.authenticate).toHaveBeenCalledTimes(1));
    expect(client.webauthn.authenticate.mock.calls[0]![0]).toEqual(
      expect.objectContaining({ conditional_mediation: true, session_duration_minutes: 30, signal: expect.any(AbortSignal) }),
    );
    expect(screen.queryByRole('button', { name: 'Login with a Passkey' })).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('username webauthn');
    expect(container.querySelector('.vst-divider')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('a picked passkey signs in: PasskeyConfirmation', async () => {
    const { callbacks } = renderLogin(autofillClient());
    expect(await screen.findByText('Your Passkey has been successfully authenticated.')).toBeTruthy();
    // The flow-complete event follows the screen's first paint (an effect of the success screen).
    await waitFor(() => expect(eventTypes(callbacks)).toEqual(['PASSKEY_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']));
  });

  it('a picked passkey the server no longer knows: the message under the email field, and autofill waits again', async () => {
    const client = autofillClient();
    waitingForPick(client);
    client.webauthn.authenticate.mockRejectedValueOnce(apiError('webauthn_registration_not_found', 'Not found.', 404));
    const { callbacks } = renderLogin(client);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(NOT_FOUND);
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toBe(alert.id);
    expect(callbacks.onError).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(client.webauthn.authenticate).toHaveBeenCalledTimes(2));
  });

  it('failures before any pick are retried up to 5 times, silently', async () => {
    const client = autofillClient();
    client.webauthn.authenticate.mockRejectedValue(new DOMException('timed out', 'NotAllowedError'));
    const { callbacks } = renderLogin(client);
    await waitFor(() => expect(client.webauthn.authenticate).toHaveBeenCalledTimes(6));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(client.webauthn.authenticate).toHaveBeenCalledTimes(6);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callbacks.onError).not.toHaveBeenCalled();
  });

  it('leaving Main aborts the ceremony; the abort is no error to anyone', async () => {
    const client = autofillClient();
    waitingForPick(client);
    const { callbacks } = renderLogin(client);
    await waitFor(() => expect(client.webauthn.authenticate).toHaveBeenCalledTimes(1));
    const signal = client.webauthn.authenticate.mock.calls[0]![0]!.signal!;
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(signal.aborted).toBe(true);
    await act(async () => undefined);
    expect(client.webauthn.authenticate).toHaveBeenCalledTimes(1);
    expect(callbacks.onError).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the button once the browser says it has no autofill (it waits hidden until then)', async () => {
    const client = fakeClient();
    let answer: (supported: boolean) => void = () => undefined;
    client.webauthn.browserSupportsAutofill.mockImplementation(() => new Promise<boolean>((resolve) => (answer = resolve)));
    renderLogin(client);
    expect(screen.queryByRole('button', { name: 'Login with a Passkey' })).toBeNull();
    // The question is asked once the ceremony's code has loaded, after the first paint.
    await waitFor(() => expect(client.webauthn.browserSupportsAutofill).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Login with a Passkey' })).toBeNull();
    await act(async () => answer(false));
    expect(screen.getByRole('button', { name: 'Login with a Passkey' })).toBeTruthy();
  });
});

describe('passkeyAutofillApplies: when the autofill ceremony runs instead of the button', () => {
  it.each<[string, LoginConfig, boolean]>([
    ['passkeys with an email method', { products: ['emailMagicLinks', 'passkeys'] }, true],
    ['passkeys with email passcodes', { products: ['otp', 'passkeys'], otpOptions: { methods: ['email'] } }, true],
    ['passkeys without an email method', { products: ['otp', 'passkeys'], otpOptions: { methods: ['sms'] } }, false],
    ['no passkeys', { products: ['emailMagicLinks'] }, false],
    ['passkeys by themselves (a configuration error)', { products: ['passkeys'] }, false],
    ['a configuration error', { products: ['emailMagicLinks', 'otp', 'passkeys'], otpOptions: { methods: ['email'] } }, false],
  ])('%s', (_name, config, expected) => {
    expect(passkeyAutofillApplies(loginFlow.features, config)).toBe(expected);
  });
});
