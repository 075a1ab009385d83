import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { DeviceSession, User } from '@vestibule/contract';
import { VestibuleAccount } from '../../../src/index';
import { apiError, expectNoAxeViolations, USER } from '../../helpers';
import { accountClient, accountError, answering, events, itemsOf, openSection, REAUTH, renderAccount } from '../../account/account-helpers';

afterEach(cleanup);

const TWO_EMAILS: User = {
  ...USER,
  emails: [
    { email_id: 'email-1', email: 'ada@example.com', verified: true, primary: true },
    { email_id: 'email-2', email: 'ada@old.example', verified: false, primary: false },
  ],
};

const section = (name: string) => screen.getByRole('region', { name });

describe('the account page', () => {
  it('signed out says so plainly, and lists nothing (no accessibility violations)', async () => {
    const { client } = accountClient(null);
    const { container } = renderAccount(client);
    expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toBeTruthy();
    expect(screen.getByText('You are not signed in. Sign in to manage your account.')).toBeTruthy();
    expect(screen.queryByRole('region')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("lists its sections under the issue's names, in order, and fetches the user afresh", async () => {
    const { client } = accountClient();
    renderAccount(client, { products: ['emailMagicLinks'] });
    await openSection('Email addresses');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Email addresses', 'Two-step verification', 'Signed-in devices', 'Delete account']);
    expect(client.user.get).toHaveBeenCalled();
  });

  it("takes the host's words for its texts and the catalogue's, and the configuration check of the other mounts", async () => {
    const { client } = accountClient();
    client.account.emailRemove.mockRejectedValue(accountError('last_way_in'));
    render(
      <VestibuleAccount
        client={client}
        config={{ products: ['otp'], otpOptions: { methods: ['email'] } }}
        strings={{ 'Email addresses': 'E-Mail-Adressen', 'Your account': 'Ihr Konto', last_way_in: 'Das ist Ihr einziger Zugang.' }}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Ihr Konto' })).toBeTruthy();
    const emails = await openSection('E-Mail-Adressen');
    fireEvent.click(within(emails).getByRole('button', { name: 'Remove ada@example.com' }));
    expect((await within(emails).findByRole('alert')).textContent).toBe('Das ist Ihr einziger Zugang.');
    cleanup();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<VestibuleAccount client={client} config={{ products: ['otp'] }} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Vestibule config: products has 'otp' but otpOptions.methods is missing; add at least one of 'email', 'sms' or 'whatsapp'.",
    );
    expect(screen.queryByRole('region')).toBeNull();
    errors.mockRestore();
  });

  it('shows the page again for a user who signs in while it is open', async () => {
    const { client, setUser } = accountClient(null);
    renderAccount(client);
    act(() => setUser(USER));
    expect(await openSection('Email addresses')).toBeTruthy();
  });
});

describe('Email addresses', () => {
  it("lists the user's addresses with 'Primary', 'Verified' or 'Unverified', and what each can do (no accessibility violations)", async () => {
    const { client } = accountClient(TWO_EMAILS);
    const { container } = renderAccount(client);
    const emails = await openSection('Email addresses');
    expect(itemsOf(emails)).toEqual([
      { name: 'ada@example.com', badges: ['Primary', 'Verified'], details: [], actions: ['Remove ada@example.com'] },
      { name: 'ada@old.example', badges: ['Unverified'], details: [], actions: ['Verify ada@old.example', 'Remove ada@old.example'] },
    ]);
    await expectNoAxeViolations(container);
  });

  it('adds an address: the address, a code sent to it, the code entered; the host hears email_added', async () => {
    const { client, setUser } = accountClient();
    const added: User = { ...USER, emails: [...USER.emails, { email_id: 'email-2', email: 'ada@work.example', verified: true, primary: false }] };
    client.account.emailAdd.mockImplementation(answering(setUser, added));
    const { callbacks, container } = renderAccount(client);
    const emails = await openSection('Email addresses');
    fireEvent.click(within(emails).getByRole('button', { name: 'Add email address' }));
    const field = within(emails).getByLabelText('New email address');
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: ' ada@work.example ' } });
    fireEvent.click(within(emails).getByRole('button', { name: 'Send code' }));
    const code = await within(emails).findByLabelText('6-digit passcode');
    expect(client.account.emailStart).toHaveBeenCalledWith({ email: 'ada@work.example', locale: 'en' });
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(within(emails).getByText(/A 6-digit passcode was sent to you at/).textContent).toContain('ada@work.example');
    await expectNoAxeViolations(container);
    fireEvent.change(code, { target: { value: '123456' } });
    await waitFor(() => expect(within(emails).getAllByRole('listitem')).toHaveLength(2));
    expect(client.account.emailAdd).toHaveBeenCalledWith({ email: 'ada@work.example', code: '123456' });
    expect(within(emails).queryByLabelText('6-digit passcode')).toBeNull();
    expect(within(emails).getByRole('status').textContent).toBe('Email address added.');
    expect(events(callbacks)).toContainEqual({ type: 'ACCOUNT_UPDATED', data: { change: 'email_added' } });
  });

  it("an address of another account: the catalogue's message under the field, tied to it", async () => {
    const { client } = accountClient();
    client.account.emailStart.mockRejectedValue(accountError('email_already_taken'));
    const { callbacks, container } = renderAccount(client);
    const emails = await openSection('Email addresses');
    fireEvent.click(within(emails).getByRole('button', { name: 'Add email address' }));
    const field = within(emails).getByLabelText('New email address');
    fireEvent.change(field, { target: { value: 'bob@example.com' } });
    fireEvent.click(within(emails).getByRole('button', { name: 'Send code' }));
    const alert = await within(emails).findByRole('alert');
    expect(alert.textContent).toBe('This email address belongs to another account. Please use a different address.');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(callbacks.onError).toHaveBeenCalledWith(expect.objectContaining({ error_type: 'email_already_taken' }));
    await expectNoAxeViolations(container);
  });

  it('a wrong code: its message under the entry, which is emptied and focused again', async () => {
    const { client } = accountClient();
    client.account.emailAdd.mockRejectedValue(apiError('otp_code_not_found', 'Invalid passcode, please try again.', 404));
    renderAccount(client);
    const emails = await openSection('Email addresses');
    fireEvent.click(within(emails).getByRole('button', { name: 'Add email address' }));
    fireEvent.change(within(emails).getByLabelText('New email address'), { target: { value: 'ada@work.example' } });
    fireEvent.click(within(emails).getByRole('button', { name: 'Send code' }));
    const code = (await within(emails).findByLabelText('6-digit passcode')) as HTMLInputElement;
    fireEvent.change(code, { target: { value: '999999' } });
    const alert = await within(emails).findByRole('alert');
    expect(alert.textContent).toBe('Invalid passcode, please try again.');
    expect(code.value).toBe('');
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('aria-describedby')).toContain(alert.id);
  });

  it("removing the last way in: the server's refusal in the section's banner, and the address stays", async () => {
    const { client } = accountClient();
    client.account.emailRemove.mockRejectedValue(accountError('last_way_in'));
    renderAccount(client);
    const emails = await openSection('Email addresses');
    fireEvent.click(within(emails).getByRole('button', { name: 'Remove ada@example.com' }));
    const alert = await within(emails).findByRole('alert');
    expect(alert.textContent).toBe(
      'This is your only way to sign in. Add another way first (an email address, a phone number, a passkey, a connected account or a wallet), then remove this one.',
    );
    expect(within(emails).getAllByRole('listitem')).toHaveLength(1);
  });

  it("'Make primary' on a verified address; 'Verify' sends a code to an unverified one and verifies it", async () => {
    const { client, setUser } = accountClient({
      ...TWO_EMAILS,
      emails: [...TWO_EMAILS.emails, { email_id: 'email-3', email: 'a@b.example', verified: true, primary: false }],
    });
    client.account.emailAdd.mockImplementation(answering(setUser, { ...TWO_EMAILS, emails: TWO_EMAILS.emails.map((e) => ({ ...e, verified: true })) }));
    const { callbacks } = renderAccount(client);
    const emails = await openSection('Email addresses');
    fireEvent.click(within(emails).getByRole('button', { name: 'Make primary a@b.example' }));
    await waitFor(() => expect(client.account.emailPrimary).toHaveBeenCalledWith({ email_id: 'email-3' }));
    await within(emails).findByText('a@b.example is now your primary email address.');
    fireEvent.click(within(emails).getByRole('button', { name: 'Verify ada@old.example' }));
    const code = await within(emails).findByLabelText('6-digit passcode');
    expect(client.account.emailStart).toHaveBeenCalledWith({ email: 'ada@old.example', locale: 'en' });
    fireEvent.change(code, { target: { value: '123456' } });
    await within(emails).findByText('Email address verified.');
    expect(events(callbacks)).toEqual([
      { type: 'ACCOUNT_UPDATED', data: { change: 'email_made_primary' } },
      { type: 'ACCOUNT_UPDATED', data: { change: 'email_verified' } },
    ]);
  });

  it('a change that needs a recent sign-in shows the confirm step inline, focused; without a way to confirm it says what to do', async () => {
    const { client } = accountClient({ ...USER, emails: [] });
    client.account.emailStart.mockRejectedValue(REAUTH());
    const { callbacks, container } = renderAccount(client);
    const emails = await openSection('Email addresses');
    fireEvent.click(within(emails).getByRole('button', { name: 'Add email address' }));
    fireEvent.change(within(emails).getByLabelText('New email address'), { target: { value: 'ada@work.example' } });
    fireEvent.click(within(emails).getByRole('button', { name: 'Send code' }));
    const title = await within(emails).findByRole('heading', { level: 3, name: 'Confirm it is you' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    const confirm = title.closest<HTMLElement>('.vst-confirm')!;
    expect(confirm.textContent).toContain('For your security, please confirm it is you before making this change.');
    expect(confirm.textContent).toContain('To make this change, sign out and sign in again.');
    expect(callbacks.onError).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(emails).queryByRole('heading', { name: 'Confirm it is you' })).toBeNull();
  });
});

const device = (id: string, extra: Partial<DeviceSession> = {}): DeviceSession => ({
  session_id: id,
  current: false,
  browser: 'Firefox 133',
  os: 'Ubuntu',
  device_type: null,
  user_agent: 'Mozilla/5.0',
  ip_address: '203.0.113.7',
  sign_in_methods: ['otp'],
  started_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  last_accessed_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...extra,
});

describe('Signed-in devices', () => {
  const DEVICES = [
    device('session-1', { current: true, browser: 'Chrome 131', os: 'macOS 15', sign_in_methods: ['webauthn'] }),
    device('session-2'),
    device('session-3', { sign_in_methods: ['password', 'totp'] }),
  ];

  it("lists every device with browser and system, address, sign-in method, when, and 'This device' (no accessibility violations)", async () => {
    const { client } = accountClient();
    client.account.sessions.mockResolvedValue({ status_code: 200, request_id: 'r', sessions: DEVICES });
    const { container } = renderAccount(client);
    const devices = await openSection('Signed-in devices');
    const items = await within(devices).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('Chrome 131 on macOS 15');
    expect(within(items[0]!).getByText('This device')).toBeTruthy();
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(items[1]!.textContent).toContain('Address 203.0.113.7');
    expect(items[1]!.textContent).toContain('Signed in with Passcode');
    // Both steps of a two-step sign-in, in words.
    expect(items[2]!.textContent).toContain('Signed in with Password, Authenticator app');
    expect(items[1]!.textContent).toContain('Signed in 3 days ago');
    expect(items[1]!.textContent).toContain('Last active 5 minutes ago');
    expect(items[1]!.querySelector('time')?.getAttribute('datetime')).toBe(DEVICES[1]!.started_at);
    await expectNoAxeViolations(container);
  });

  it("'Sign out' signs one device out, 'Sign out of all other devices' the rest; the host hears each", async () => {
    const { client } = accountClient();
    client.account.sessions.mockResolvedValue({ status_code: 200, request_id: 'r', sessions: DEVICES });
    const { callbacks } = renderAccount(client);
    const devices = await openSection('Signed-in devices');
    fireEvent.click(within(devices).getAllByRole('button', { name: 'Sign out Firefox 133 on Ubuntu' })[0]!);
    await waitFor(() => expect(within(devices).getAllByRole('listitem')).toHaveLength(2));
    expect(client.account.sessionRevoke).toHaveBeenCalledWith({ session_id: 'session-2' });
    fireEvent.click(within(devices).getByRole('button', { name: 'Sign out of all other devices' }));
    await waitFor(() => expect(within(devices).getAllByRole('listitem')).toHaveLength(1));
    expect(within(devices).getByText('You are signed in on this device only.')).toBeTruthy();
    expect(events(callbacks)).toEqual([
      { type: 'ACCOUNT_UPDATED', data: { change: 'device_signed_out' } },
      { type: 'ACCOUNT_UPDATED', data: { change: 'other_devices_signed_out' } },
    ]);
  });

  it('a device already signed out: the message in the banner', async () => {
    const { client } = accountClient();
    client.account.sessions.mockResolvedValue({ status_code: 200, request_id: 'r', sessions: DEVICES.slice(0, 2) });
    client.account.sessionRevoke.mockRejectedValue(accountError('device_not_found'));
    renderAccount(client);
    const devices = await openSection('Signed-in devices');
    fireEvent.click(await within(devices).findByRole('button', { name: /^Sign out Firefox/ }));
    expect((await within(devices).findByRole('alert')).textContent).toBe('This device is already signed out.');
  });
});

describe('Delete account', () => {
  it("asks to type the primary email; 'Delete' waits for it; then the page says the account is deleted and the host hears it", async () => {
    const { client, setUser } = accountClient();
    // As the client does: the local session ends as soon as the server answers.
    client.account.delete.mockImplementation(async () => {
      setUser(null);
      return { status_code: 200 as const, request_id: 'r' };
    });
    const { callbacks, container } = renderAccount(client);
    const deletion = await openSection('Delete account');
    fireEvent.click(within(deletion).getByRole('button', { name: 'Delete account' }));
    const field = within(deletion).getByLabelText('Type ada@example.com to confirm');
    expect(document.activeElement).toBe(field);
    const button = within(deletion).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await expectNoAxeViolations(container);
    fireEvent.change(field, { target: { value: 'ada@example' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(field, { target: { value: ' ADA@example.com ' } });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await screen.findByText('Your account has been deleted.');
    expect(screen.queryByText('You are not signed in. Sign in to manage your account.')).toBeNull();
    expect(client.account.delete).toHaveBeenCalledWith({ confirmation: 'ADA@example.com' });
    expect(screen.queryByRole('region')).toBeNull();
    expect(events(callbacks)).toEqual([{ type: 'ACCOUNT_DELETED', data: null }]);
  });

  it('a refused confirmation: the message under the field', async () => {
    const { client } = accountClient();
    client.account.delete.mockRejectedValue(accountError('account_deletion_not_confirmed'));
    renderAccount(client);
    const deletion = await openSection('Delete account');
    fireEvent.click(within(deletion).getByRole('button', { name: 'Delete account' }));
    const field = within(deletion).getByLabelText('Type ada@example.com to confirm');
    fireEvent.change(field, { target: { value: 'ada@example.com' } });
    fireEvent.click(within(deletion).getByRole('button', { name: 'Delete' }));
    const alert = await within(deletion).findByRole('alert');
    expect(alert.textContent).toBe('Type your email address (or phone number) exactly as shown to confirm.');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(section('Delete account')).toBeTruthy();
  });
});
