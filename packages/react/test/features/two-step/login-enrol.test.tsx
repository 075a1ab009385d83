import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { apiError, expectNoAxeViolations, fakeClient, RECOVERY_CODES, SESSION_RESPONSE } from '../../helpers';
import { asSession, eventTypes, intermediate, renderLogin, signInWithPassword, typeCode } from './login-helpers';

afterEach(cleanup);

const ENROL_CODE_LABEL = 'Enter the 6-digit code';

/** A password user without two-step verification where the project requires it: adding the app. */
async function atEnrolment(client = fakeClient()) {
  client.users.search.mockResolvedValue({ userType: 'password' });
  client.passwords.authenticate.mockResolvedValue(asSession(intermediate('enrol')));
  const view = renderLogin(client);
  await signInWithPassword();
  await screen.findByRole('heading', { name: 'Set up two-step verification' });
  return view;
}

describe('two-step verification required: the app is added inside the sign-in', () => {
  it('shows the key to scan or type, turns the app on with its first code, shows the recovery codes, then the password success', async () => {
    const { client, callbacks, container } = await atEnrolment();
    // The heading has the focus while the key is asked for, once.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Set up two-step verification' }));
    await screen.findByLabelText(ENROL_CODE_LABEL);
    expect(client.twoStep.create).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/JBSW Y3DP EHPK 3PXP/)).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(eventTypes(callbacks)).toEqual([]);
    await expectNoAxeViolations(container);

    typeCode('123456', ENROL_CODE_LABEL);
    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeTruthy();
    expect(client.twoStep.enrol).toHaveBeenCalledWith({ code: '123456', session_duration_minutes: 30 });
    for (const code of RECOVERY_CODES) expect(screen.getByText(code)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Save your recovery codes' })));
    // The session is stored, but the sign-in is not over until the codes are saved.
    expect(eventTypes(callbacks)).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    await expectNoAxeViolations(container);

    fireEvent.click(screen.getByRole('button', { name: 'I have saved these codes' }));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    // The host hears of the session, without the codes.
    expect(callbacks.onEvent).toHaveBeenCalledWith({ type: 'PASSWORD_AUTHENTICATE', data: SESSION_RESPONSE });
    await waitFor(() => expect(eventTypes(callbacks)).toEqual(['PASSWORD_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE', 'FLOW_COMPLETE']));
  });

  it('a wrong first code: the message under the entry, emptied for the next one', async () => {
    const client = fakeClient();
    const message = 'That code is not right. Enter the 6-digit code your authenticator app shows now.';
    client.twoStep.enrol.mockRejectedValueOnce(apiError('invalid_totp_code', message, 401));
    await atEnrolment(client);
    await screen.findByLabelText(ENROL_CODE_LABEL);
    typeCode('000000', ENROL_CODE_LABEL);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect((screen.getByLabelText(ENROL_CODE_LABEL) as HTMLInputElement).value).toBe('');
    typeCode('123456', ENROL_CODE_LABEL);
    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeTruthy();
  });

  it('no key: the reason and Try again; an expired sign-in offers Start again instead', async () => {
    const client = fakeClient();
    client.twoStep.create.mockRejectedValueOnce(apiError('too_many_requests', 'Too many requests; wait a minute.', 429));
    await atEnrolment(client);
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(ENROL_CODE_LABEL)).toBeTruthy();
    expect(client.twoStep.create).toHaveBeenCalledTimes(2);

    cleanup();
    const gone = fakeClient();
    gone.twoStep.create.mockRejectedValueOnce(apiError('intermediate_session_not_found', 'This sign-in has expired.', 401));
    await atEnrolment(gone);
    expect((await screen.findByRole('alert')).textContent).toBe('This sign-in has expired.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start again' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });
});
