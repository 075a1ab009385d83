import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PasswordStrengthCheckResponse, User } from '@vestibule/contract';
import { apiError, expectNoAxeViolations, STRENGTH_OK, USER } from '../../helpers';
import { accountClient, accountError, answering, events, openSection, REAUTH, renderAccount } from '../../account/account-helpers';

afterEach(cleanup);

const WITH_PASSWORD: User = { ...USER, password: { password_id: 'password-1' } };
const NEW_PASSWORD = 'correct horse battery staple';
const WEAK: PasswordStrengthCheckResponse = {
  ...STRENGTH_OK,
  score: 1,
  valid_password: false,
  feedback: { warning: 'This is a commonly used password.', suggestions: [], luds_requirements: null },
};

const button = (within_: HTMLElement, name: string) => within(within_).getByRole('button', { name }) as HTMLButtonElement;

describe('Password', () => {
  it("without a password: 'Set a password' with the strength meter; saving is possible once the server calls it valid", async () => {
    const { client, setUser } = accountClient();
    client.passwords.strengthCheck.mockImplementation(async ({ password }) => (password === NEW_PASSWORD ? STRENGTH_OK : WEAK));
    client.account.passwordSet.mockImplementation(answering(setUser, WITH_PASSWORD));
    const { callbacks, container } = renderAccount(client);
    const section = await openSection('Password');
    expect(section.textContent).toContain('You sign in without a password.');
    expect(within(section).queryByRole('button', { name: 'Remove password' })).toBeNull();
    fireEvent.click(button(section, 'Set a password'));
    const field = within(section).getByLabelText('New password');
    expect(document.activeElement).toBe(field);
    expect(within(section).queryByLabelText('Current password')).toBeNull();
    fireEvent.change(field, { target: { value: 'password1' } });
    await within(section).findByText('This is a commonly used password.');
    expect(button(section, 'Save password').disabled).toBe(true);
    await expectNoAxeViolations(container);
    fireEvent.change(field, { target: { value: NEW_PASSWORD } });
    await waitFor(() => expect(button(section, 'Save password').disabled).toBe(false));
    expect(client.passwords.strengthCheck).toHaveBeenLastCalledWith({ password: NEW_PASSWORD, email: 'ada@example.com' });
    fireEvent.click(button(section, 'Save password'));
    await within(section).findByText('Your password is set.');
    expect(client.account.passwordSet).toHaveBeenCalledWith({ password: NEW_PASSWORD, sign_out_other_devices: false });
    expect(section.textContent).toContain('You can sign in with a password.');
    expect(events(callbacks)).toEqual([{ type: 'ACCOUNT_UPDATED', data: { change: 'password_set' } }]);
  });

  it("'Change password' sends the current one and 'Sign out of other devices'; a wrong current password shows under its field", async () => {
    const { client } = accountClient(WITH_PASSWORD);
    client.account.passwordSet.mockRejectedValueOnce(accountError('invalid_current_password'));
    const { callbacks, container } = renderAccount(client);
    const section = await openSection('Password');
    fireEvent.click(button(section, 'Change password'));
    const current = within(section).getByLabelText('Current password');
    expect(document.activeElement).toBe(current);
    fireEvent.change(current, { target: { value: 'old password' } });
    fireEvent.change(within(section).getByLabelText('New password'), { target: { value: NEW_PASSWORD } });
    fireEvent.click(within(section).getByRole('checkbox', { name: 'Sign out of other devices' }));
    await waitFor(() => expect(button(section, 'Save password').disabled).toBe(false));
    fireEvent.click(button(section, 'Save password'));
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toBe('Your current password is not correct. Please try again.');
    expect(current.getAttribute('aria-describedby')).toContain(alert.id);
    expect(within(section).getByLabelText('New password').getAttribute('aria-invalid')).toBeNull();
    await expectNoAxeViolations(container);
    fireEvent.click(button(section, 'Save password'));
    await within(section).findByText('Your password is changed, and your other devices are signed out.');
    expect(client.account.passwordSet).toHaveBeenLastCalledWith({ password: NEW_PASSWORD, current_password: 'old password', sign_out_other_devices: true });
    expect(events(callbacks)).toEqual([{ type: 'ACCOUNT_UPDATED', data: { change: 'password_changed' } }]);
  });

  it('a password the server refuses shows under the new password', async () => {
    const { client } = accountClient(WITH_PASSWORD);
    client.account.passwordSet.mockRejectedValue(apiError('weak_password', 'The password is too weak.'));
    renderAccount(client);
    const section = await openSection('Password');
    fireEvent.click(button(section, 'Change password'));
    const field = within(section).getByLabelText('New password');
    fireEvent.change(field, { target: { value: NEW_PASSWORD } });
    await waitFor(() => expect(button(section, 'Save password').disabled).toBe(false));
    fireEvent.click(button(section, 'Save password'));
    const alert = await within(section).findByRole('alert');
    expect(field.getAttribute('aria-describedby')).toContain(alert.id);
    // Without the current password, the change goes with a recent sign-in.
    expect(client.account.passwordSet).toHaveBeenCalledWith({ password: NEW_PASSWORD, sign_out_other_devices: false });
  });

  it("'Remove password' when it is the last way in: the server's refusal says what to add first", async () => {
    const { client } = accountClient(WITH_PASSWORD);
    client.account.passwordRemove.mockRejectedValue(accountError('last_way_in'));
    renderAccount(client);
    const section = await openSection('Password');
    fireEvent.click(button(section, 'Remove password'));
    expect((await within(section).findByRole('alert')).textContent).toMatch(/^This is your only way to sign in\. Add another way first/);
  });

  it('a removal that needs a recent sign-in: confirming with the password, then the same removal', async () => {
    const { client, setUser } = accountClient(WITH_PASSWORD);
    client.account.passwordRemove.mockRejectedValueOnce(REAUTH()).mockImplementationOnce(answering(setUser, USER));
    const { callbacks, container } = renderAccount(client);
    const section = await openSection('Password');
    fireEvent.click(button(section, 'Remove password'));
    fireEvent.click(await within(section).findByRole('button', { name: 'Enter your password' }));
    const field = await within(section).findByLabelText('Password');
    await waitFor(() => expect(document.activeElement).toBe(field));
    await expectNoAxeViolations(container);
    client.passwords.authenticate.mockRejectedValueOnce(apiError('unauthorized_credentials', 'Unauthorized credentials.', 401));
    fireEvent.change(field, { target: { value: 'my password' } });
    fireEvent.click(button(section, 'Confirm'));
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toBe('Unauthorized credentials.');
    expect(field.getAttribute('aria-describedby')).toContain(alert.id);
    fireEvent.click(button(section, 'Confirm'));
    await within(section).findByText('Your password is removed.');
    expect(client.passwords.authenticate).toHaveBeenLastCalledWith({ email: 'ada@example.com', password: 'my password', session_duration_minutes: 30 });
    expect(client.account.passwordRemove).toHaveBeenCalledTimes(2);
    expect(events(callbacks)).toEqual([{ type: 'ACCOUNT_UPDATED', data: { change: 'password_removed' } }]);
    expect(screen.getByRole('region', { name: 'Password' }).textContent).toContain('You sign in without a password.');
  });
});
