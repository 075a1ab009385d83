import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { apiError, expectNoAxeViolations, fakeClient, SESSION_RESPONSE } from '../../helpers';
import { APP_CODE_LABEL, asSession, eventTypes, intermediate, renderLogin, signInWithPassword, typeCode } from './login-helpers';

afterEach(cleanup);

/** A password user with two-step verification, on the step's first screen. */
async function atTheStep() {
  const client = fakeClient();
  client.users.search.mockResolvedValue({ userType: 'password' });
  client.passwords.authenticate.mockResolvedValue(asSession(intermediate()));
  const view = renderLogin(client);
  await signInWithPassword();
  await screen.findByRole('heading', { name: 'Two-step verification' });
  return view;
}

describe('a password sign-in held for two-step verification', () => {
  it('asks for the app code, signs no one in yet, then shows the password success and tells the host', async () => {
    const { client, callbacks, container } = await atTheStep();
    await expectNoAxeViolations(container);
    expect(screen.queryByRole('heading', { name: 'Success!' })).toBeNull();
    expect(eventTypes(callbacks)).toEqual([]);
    // The code entry is where the person starts.
    expect(document.activeElement).toBe(screen.getByLabelText(APP_CODE_LABEL));

    typeCode('123456');
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.twoStep.authenticate).toHaveBeenCalledTimes(1);
    expect(client.twoStep.authenticate).toHaveBeenCalledWith({ code: '123456', session_duration_minutes: 30 });
    expect(callbacks.onEvent).toHaveBeenCalledWith({ type: 'PASSWORD_AUTHENTICATE', data: SESSION_RESPONSE });
    await waitFor(() => expect(eventTypes(callbacks)).toEqual(['PASSWORD_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE', 'FLOW_COMPLETE']));
  });

  it('asks for the session length the host configured', async () => {
    const client = fakeClient();
    client.users.search.mockResolvedValue({ userType: 'password' });
    client.passwords.authenticate.mockResolvedValue(asSession(intermediate()));
    renderLogin(client, { products: ['passwords'], sessionOptions: { sessionDurationMinutes: 90 } });
    await signInWithPassword();
    await screen.findByLabelText(APP_CODE_LABEL);
    typeCode('654321');
    await screen.findByRole('heading', { name: 'Success!' });
    expect(client.twoStep.authenticate).toHaveBeenCalledWith({ code: '654321', session_duration_minutes: 90 });
  });

  it('Enter with five digits sends nothing; the sixth digit sends the code once', async () => {
    const { client } = await atTheStep();
    const input = screen.getByLabelText(APP_CODE_LABEL);
    fireEvent.change(input, { target: { value: '12345' } });
    fireEvent.submit(input.closest('form')!);
    expect(client.twoStep.authenticate).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '123456' } });
    await screen.findByRole('heading', { name: 'Success!' });
    expect(client.twoStep.authenticate).toHaveBeenCalledTimes(1);
  });
});

describe('a recovery code instead', () => {
  it('signs in with the code as typed and says how many are left over the success screen', async () => {
    const { client, callbacks, container } = await atTheStep();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = await screen.findByLabelText('Recovery code');
    expect(field.getAttribute('autocomplete')).toBe('off');
    await expectNoAxeViolations(container);
    fireEvent.change(field, { target: { value: ' abcd-ef00 ' } });
    fireEvent.submit(field.closest('form')!);
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.twoStep.authenticateWithRecoveryCode).toHaveBeenCalledWith({ recovery_code: 'abcd-ef00', session_duration_minutes: 30 });
    expect((await screen.findByRole('status')).textContent).toContain('You have 9 recovery codes left.');
    expect(callbacks.onEvent).toHaveBeenCalledWith({ type: 'PASSWORD_AUTHENTICATE', data: SESSION_RESPONSE });
    await expectNoAxeViolations(container);
  });

  it.each([
    [2, 'You have 2 recovery codes left. Get new ones on your account page soon.'],
    [1, 'You have 1 recovery code left. Get new ones on your account page soon.'],
    [0, 'You have used your last recovery code. Get new ones on your account page.'],
  ])('with %i left, a warning says to get new ones', async (remaining, message) => {
    const { client, container } = await atTheStep();
    client.twoStep.authenticateWithRecoveryCode.mockResolvedValue({ ...SESSION_RESPONSE, recovery_codes_remaining: remaining });
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.change(await screen.findByLabelText('Recovery code'), { target: { value: 'abcd-ef01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Success!' });
    expect(screen.getByText(message)).toBeTruthy();
    expect(container.querySelector('.vst-banner--warning')).toBeTruthy();
  });

  it('an empty field sends nothing; the way back to the app code works', async () => {
    const { client } = await atTheStep();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(client.twoStep.authenticateWithRecoveryCode).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Use a code from your authenticator app instead' }));
    expect(await screen.findByLabelText(APP_CODE_LABEL)).toBeTruthy();
  });
});

describe('refusals, under the field', () => {
  it.each([
    ['invalid_totp_code', 'That code is not right. Enter the 6-digit code your authenticator app shows now.'],
    ['totp_code_already_used', 'This code was just used. Wait for the next code in your authenticator app and enter that one.'],
    // A type the catalogue words for the person: its words.
    ['user_lock_limit_reached', 'Too many failed authentication attempts. Please try again later.'],
  ])('%s: the message is announced and tied to the entry, which is emptied and focused for the next code', async (type, message) => {
    const { client, callbacks, container } = await atTheStep();
    client.twoStep.authenticate.mockRejectedValueOnce(apiError(type, message, type === 'user_lock_limit_reached' ? 429 : 401));
    typeCode('111111');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    const input = screen.getByLabelText(APP_CODE_LABEL) as HTMLInputElement;
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.value).toBe('');
    expect(document.activeElement).toBe(input);
    expect(callbacks.onError).toHaveBeenCalledWith({ error_type: type, message });
    expect(screen.queryByRole('heading', { name: 'Success!' })).toBeNull();
    await expectNoAxeViolations(container);
    // The next code goes through.
    typeCode('222222');
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
  });

  it('invalid_recovery_code: the message, and the code kept selected to correct or type over', async () => {
    const { client } = await atTheStep();
    const message = 'That recovery code is not right, or it was used already. Check it and try again.';
    client.twoStep.authenticateWithRecoveryCode.mockRejectedValueOnce(apiError('invalid_recovery_code', message, 401));
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = (await screen.findByLabelText('Recovery code')) as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'abcd-wxyz' } });
    fireEvent.submit(field.closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(field.value).toBe('abcd-wxyz');
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'abcd-wxyz'.length]);
  });

  it("intermediate_session_not_found: the entry is closed and 'Start again' returns to Main with the email kept", async () => {
    const { client } = await atTheStep();
    const message = 'This sign-in has expired or was already completed. Please sign in again.';
    client.twoStep.authenticate.mockRejectedValueOnce(apiError('intermediate_session_not_found', message, 401));
    typeCode('123456');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect((screen.getByLabelText(APP_CODE_LABEL) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Use a recovery code instead' })).toBeNull();
    const startAgain = screen.getByRole('button', { name: 'Start again' });
    await waitFor(() => expect(document.activeElement).toBe(startAgain));
    fireEvent.click(startAgain);
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the same on the recovery-code form', async () => {
    const { client } = await atTheStep();
    client.twoStep.authenticateWithRecoveryCode.mockRejectedValueOnce(apiError('intermediate_session_not_found', 'This sign-in has expired.', 401));
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.change(await screen.findByLabelText('Recovery code'), { target: { value: 'abcd-ef00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('This sign-in has expired.');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start again' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });
});

describe('giving the step up', () => {
  it('the back arrow returns to Main, the email kept; a new sign-in asks for the step again', async () => {
    const { client } = await atTheStep();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    await signInWithPassword();
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeTruthy();
    expect(client.passwords.authenticate).toHaveBeenCalledTimes(2);
  });
});
