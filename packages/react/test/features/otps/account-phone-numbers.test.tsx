import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@vestibule/contract';
import { expectNoAxeViolations, SESSION_RESPONSE, USER } from '../../helpers';
import { accountClient, accountError, answering, events, itemsOf, openSection, REAUTH, renderAccount } from '../../account/account-helpers';

afterEach(cleanup);

const WITH_PHONE: User = {
  ...USER,
  phone_numbers: [
    { phone_id: 'phone-1', phone_number: '+15005550006', verified: true, primary: true },
    { phone_id: 'phone-2', phone_number: '+447911123456', verified: false, primary: false },
  ],
};

/** 'Add phone number', a number typed and sent: the code entry. */
async function addNumber(phones: HTMLElement, typed: string) {
  fireEvent.click(within(phones).getByRole('button', { name: 'Add phone number' }));
  const field = await within(phones).findByRole('textbox', { name: 'Phone number' });
  await waitFor(() => expect(document.activeElement).toBe(field));
  fireEvent.change(field, { target: { value: typed } });
  fireEvent.click(within(phones).getByRole('button', { name: 'Send code' }));
  return field;
}

describe('Phone numbers', () => {
  it("lists the user's numbers with 'Primary' and 'Verified', and offers 'Make primary', 'Verify', 'Remove' (no accessibility violations)", async () => {
    const { client } = accountClient(WITH_PHONE);
    const { container } = renderAccount(client);
    const phones = await openSection('Phone numbers');
    expect(itemsOf(phones)).toEqual([
      { name: '+15005550006', badges: ['Primary', 'Verified'], details: [], actions: ['Remove +15005550006'] },
      { name: '+447911123456', badges: ['Unverified'], details: [], actions: ['Verify +447911123456', 'Remove +447911123456'] },
    ]);
    await expectNoAxeViolations(container);
  });

  it('is left out without a Text or WhatsApp method, unless the user has a number', async () => {
    const { client } = accountClient();
    renderAccount(client, { products: ['otp'], otpOptions: { methods: ['email'] } });
    await openSection('Email addresses');
    expect(screen.queryByRole('region', { name: 'Phone numbers' })).toBeNull();
    cleanup();
    const withPhone = accountClient(WITH_PHONE);
    renderAccount(withPhone.client, { products: ['otp'], otpOptions: { methods: ['email'] } });
    expect(await openSection('Phone numbers')).toBeTruthy();
  });

  it("adds a number with the login's phone field and a texted code; the host hears phone_number_added", async () => {
    const { client, setUser } = accountClient();
    client.account.phoneAdd.mockImplementation(answering(setUser, WITH_PHONE));
    const { callbacks, container } = renderAccount(client);
    const phones = await openSection('Phone numbers');
    expect(within(phones).getByText('No phone number yet.')).toBeTruthy();
    await addNumber(phones, '6502530000');
    const code = await within(phones).findByLabelText('6-digit passcode');
    expect(client.account.phoneStart).toHaveBeenCalledWith({ phone_number: '+16502530000', channel: 'sms', locale: 'en' });
    expect(within(phones).getByText(/A 6-digit passcode was sent to you at/).textContent).toContain('+1 650 253 0000');
    await expectNoAxeViolations(container);
    fireEvent.change(code, { target: { value: '123456' } });
    await within(phones).findByText('Phone number added.');
    expect(client.account.phoneAdd).toHaveBeenCalledWith({ phone_number: '+16502530000', code: '123456' });
    expect(within(phones).getAllByRole('listitem')).toHaveLength(2);
    expect(events(callbacks)).toEqual([{ type: 'ACCOUNT_UPDATED', data: { change: 'phone_number_added' } }]);
  });

  it('a number that is not one: the format message under the field, and nothing sent; a number of another account: its message', async () => {
    const { client } = accountClient();
    client.account.phoneStart.mockRejectedValue(accountError('phone_number_already_taken'));
    renderAccount(client, { products: ['otp'], otpOptions: { methods: ['whatsapp'] } });
    const phones = await openSection('Phone numbers');
    const field = await addNumber(phones, '12');
    expect((await within(phones).findByRole('alert')).textContent).toBe('Phone number format is invalid. Ensure the phone number is in the E.164 format.');
    expect(client.account.phoneStart).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '6502530000' } });
    fireEvent.click(within(phones).getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(client.account.phoneStart).toHaveBeenCalledWith({ phone_number: '+16502530000', channel: 'whatsapp', locale: 'en' }));
    const alert = await within(phones).findByText('This phone number belongs to another account. Please use a different number.');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('a removal that needs a recent sign-in: a passcode to a verified address confirms it, then the same removal goes through', async () => {
    const { client, setUser } = accountClient(WITH_PHONE);
    client.account.phoneRemove
      .mockRejectedValueOnce(REAUTH())
      .mockImplementationOnce(answering(setUser, { ...WITH_PHONE, phone_numbers: WITH_PHONE.phone_numbers.slice(0, 1) }));
    const { callbacks, container } = renderAccount(client);
    const phones = await openSection('Phone numbers');
    fireEvent.click(within(phones).getByRole('button', { name: 'Remove +447911123456' }));
    const title = await within(phones).findByRole('heading', { level: 3, name: 'Confirm it is you' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(within(phones).getByRole('button', { name: 'Text a code to +15005550006' })).toBeTruthy();
    // An unverified number proves nothing.
    expect(within(phones).queryByRole('button', { name: 'Text a code to +447911123456' })).toBeNull();
    await expectNoAxeViolations(container);
    fireEvent.click(within(phones).getByRole('button', { name: 'Email a code to ada@example.com' }));
    const code = await within(phones).findByLabelText('6-digit passcode');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(client.otps.email.loginOrCreate).toHaveBeenCalledWith('ada@example.com', { locale: 'en' });
    fireEvent.change(code, { target: { value: '654321' } });
    await within(phones).findByText('+447911123456 was removed.');
    expect(client.otps.authenticate).toHaveBeenCalledWith('654321', 'method-1', { session_duration_minutes: 30 });
    expect(client.account.phoneRemove).toHaveBeenCalledTimes(2);
    expect(client.account.phoneRemove).toHaveBeenLastCalledWith({ phone_id: 'phone-2' });
    expect(within(phones).getAllByRole('listitem')).toHaveLength(1);
    expect(events(callbacks)).toEqual([{ type: 'ACCOUNT_UPDATED', data: { change: 'phone_number_removed' } }]);
  });

  it('a confirmation that signs in another account changes nothing and says so; the page shows that account', async () => {
    const { client, setUser } = accountClient(WITH_PHONE);
    const other: User = { ...USER, user_id: 'user-other', emails: [{ email_id: 'e-9', email: 'bob@example.com', verified: true, primary: true }] };
    client.account.phoneRemove.mockRejectedValue(REAUTH());
    client.otps.authenticate.mockImplementation(async () => {
      setUser(other);
      return { ...SESSION_RESPONSE, user_id: other.user_id, user: other };
    });
    const { callbacks } = renderAccount(client);
    const phones = await openSection('Phone numbers');
    fireEvent.click(within(phones).getByRole('button', { name: 'Remove +15005550006' }));
    fireEvent.click(await within(phones).findByRole('button', { name: 'Text a code to +15005550006' }));
    expect(client.otps.sms.loginOrCreate).toHaveBeenCalledWith('+15005550006', { locale: 'en' });
    fireEvent.change(await within(phones).findByLabelText('6-digit passcode'), { target: { value: '111111' } });
    const notice = await screen.findByText('You are now signed in as bob@example.com, another account, and this page shows it. Nothing was changed.');
    expect(notice.closest('[role="status"]')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.contains(notice)).toBe(true));
    expect(client.account.phoneRemove).toHaveBeenCalledTimes(1);
    expect(events(callbacks)).toEqual([]);
    expect((await openSection('Email addresses')).textContent).toContain('bob@example.com');
    expect((await openSection('Phone numbers')).textContent).toContain('No phone number yet.');
  });
});
