import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { twoStepErrorCatalogue, type User } from '@vestibule/contract';
import { apiError, expectNoAxeViolations, USER } from '../../helpers';
import { accountClient, answering, openSection, renderAccount } from '../../account/account-helpers';

afterEach(cleanup);

/**
 * The account page's 'Confirm it is you' with the second step: with the app on, the server asks
 * for it before turning it off, new recovery codes or a passkey (a first factor signed in again
 * does not do), so the app's code is the first way offered, and a recovery code is the way
 * without the phone. The code is proven on the same session, then the change goes again.
 */
const HEADING = 'Two-step verification';
const ON: User = { ...USER, totp: { totp_id: 'totp-1', created_at: '2026-03-03T12:00:00Z', recovery_codes_remaining: 8 } };
const APP_WAY = 'Enter a code from your authenticator app';
const SECOND_STEP_ASKED =
  'For your security, please confirm it is you with a code from your authenticator app (or a recovery code, or a passkey) before making this change.';
const secondStepAsked = () => apiError('reauthentication_required', SECOND_STEP_ASKED, 403);
const twoStepError = (type: keyof typeof twoStepErrorCatalogue) => apiError(type, twoStepErrorCatalogue[type].message, twoStepErrorCatalogue[type].status);

/** Two-step verification on, and 'Turn off' answered: the server asks for the second step first, then turns it off. */
async function turningOff() {
  const { client, setUser } = accountClient(ON);
  client.account.totpDelete.mockRejectedValueOnce(secondStepAsked()).mockImplementationOnce(answering(setUser, USER));
  const view = renderAccount(client);
  const section = await openSection(HEADING);
  fireEvent.click(within(section).getByRole('button', { name: 'Turn off' }));
  fireEvent.click(within(section).getByRole('button', { name: 'Turn off two-step verification' }));
  const title = await within(section).findByRole('heading', { level: 3, name: 'Confirm it is you' });
  return { client, section, confirm: title.closest<HTMLElement>('.vst-confirm')!, ...view };
}

describe("confirming it is you with the authenticator app's code", () => {
  it('is the first way offered, with the server words; a wrong code shows under the field, the right one turns it off', async () => {
    const { client, section, confirm, container } = await turningOff();
    expect(confirm.textContent).toContain(SECOND_STEP_ASKED);
    const ways = within(within(confirm).getByRole('list')).getAllByRole('button');
    expect(ways[0]!.textContent).toBe(APP_WAY);
    expect(ways.map((way) => way.textContent)).toContain('Email a code to ada@example.com');

    fireEvent.click(ways[0]!);
    const field = (await within(confirm).findByLabelText('Enter the code from your authenticator app')) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(field));
    await expectNoAxeViolations(container);

    client.twoStep.confirm.mockRejectedValueOnce(twoStepError('invalid_totp_code'));
    fireEvent.change(field, { target: { value: '111111' } });
    const alert = await within(confirm).findByRole('alert');
    expect(alert.textContent).toBe(twoStepErrorCatalogue.invalid_totp_code.message);
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // Emptied and focused again, ready for the next code.
    expect(field.value).toBe('');
    expect(document.activeElement).toBe(field);
    expect(client.account.totpDelete).toHaveBeenCalledTimes(1);

    fireEvent.change(field, { target: { value: '222222' } });
    expect(await within(section).findByText('Two-step verification is off.')).toBeTruthy();
    expect(client.twoStep.confirm).toHaveBeenLastCalledWith({ code: '222222', session_duration_minutes: 30 });
    expect(client.account.totpDelete).toHaveBeenCalledTimes(2);
    expect(within(section).queryByRole('heading', { name: 'Confirm it is you' })).toBeNull();
  });

  it('offers a recovery code instead, focused when it shows; its refusal shows under its field', async () => {
    const { client, section, confirm, container } = await turningOff();
    fireEvent.click(within(confirm).getByRole('button', { name: APP_WAY }));
    fireEvent.click(await within(confirm).findByRole('button', { name: 'Use a recovery code instead' }));
    const field = within(confirm).getByLabelText('Recovery code') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    await expectNoAxeViolations(container);

    client.twoStep.confirmWithRecoveryCode.mockRejectedValueOnce(twoStepError('invalid_recovery_code'));
    fireEvent.change(field, { target: { value: 'abcd-wxyz' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Continue' }));
    const alert = await within(confirm).findByRole('alert');
    expect(alert.textContent).toBe(twoStepErrorCatalogue.invalid_recovery_code.message);
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);

    fireEvent.change(field, { target: { value: ' abcd-ef01 ' } });
    fireEvent.submit(field.closest('form')!);
    expect(await within(section).findByText('Two-step verification is off.')).toBeTruthy();
    expect(client.twoStep.confirmWithRecoveryCode).toHaveBeenLastCalledWith({ recovery_code: 'abcd-ef01', session_duration_minutes: 30 });
    expect(client.twoStep.confirm).not.toHaveBeenCalled();
  });

  it('back to the app from a recovery code: the code entry again, what was said of the recovery code gone', async () => {
    const { client, confirm } = await turningOff();
    fireEvent.click(within(confirm).getByRole('button', { name: APP_WAY }));
    fireEvent.click(await within(confirm).findByRole('button', { name: 'Use a recovery code instead' }));
    client.twoStep.confirmWithRecoveryCode.mockRejectedValueOnce(twoStepError('invalid_recovery_code'));
    fireEvent.change(within(confirm).getByLabelText('Recovery code'), { target: { value: 'abcd-wxyz' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Continue' }));
    await within(confirm).findByRole('alert');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Use a code from your authenticator app instead' }));
    const field = within(confirm).getByLabelText('Enter the code from your authenticator app');
    expect(document.activeElement).toBe(field);
    expect(within(confirm).queryByRole('alert')).toBeNull();
  });

  it('is not offered without the app', async () => {
    const { client } = accountClient(USER);
    client.account.emailStart.mockRejectedValueOnce(secondStepAsked());
    renderAccount(client);
    const emails = await openSection('Email addresses');
    fireEvent.click(within(emails).getByRole('button', { name: 'Add email address' }));
    fireEvent.change(within(emails).getByLabelText('New email address'), { target: { value: 'ada@work.example' } });
    fireEvent.click(within(emails).getByRole('button', { name: 'Send code' }));
    await within(emails).findByRole('heading', { level: 3, name: 'Confirm it is you' });
    expect(within(emails).getByRole('button', { name: 'Email a code to ada@example.com' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: APP_WAY })).toBeNull();
  });
});
