import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@vestibule/contract';
import { expectNoAxeViolations, SESSION_RESPONSE, USER } from '../../helpers';
import { accountClient, accountError, events, openSection, REAUTH, renderAccount } from '../../account/account-helpers';

afterEach(cleanup);

const registration = (id: string, name: string) => ({ webauthn_registration_id: id, name, created_at: '2026-01-01T00:00:00Z' });
const WITH_PASSKEYS: User = { ...USER, webauthn_registrations: [registration('wr-1', 'Laptop'), registration('wr-2', 'Phone')] };

const names = (section: HTMLElement) =>
  within(within(section).getByRole('list', { name: 'Passkeys' }))
    .getAllByRole('listitem')
    .map((li) => li.firstChild?.textContent);

describe('Passkeys', () => {
  it("lists the user's passkeys as the registration mount does, each with rename and delete (no accessibility violations)", async () => {
    const { client } = accountClient(WITH_PASSKEYS);
    const { container } = renderAccount(client);
    const section = await openSection('Passkeys');
    expect(names(section)).toEqual(['Laptop', 'Phone']);
    expect(within(section).getByRole('button', { name: 'Rename Laptop' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Delete Phone' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("'Add a passkey' creates one (the configured session duration); the host hears passkey_added", async () => {
    const { client, setUser } = accountClient();
    const added = { ...USER, webauthn_registrations: [registration('wr-9', 'New passkey')] };
    client.webauthn.register.mockImplementation(async () => {
      setUser(added);
      return { ...SESSION_RESPONSE, user: added, webauthn_registration_id: 'wr-9' };
    });
    const { callbacks } = renderAccount(client, {
      products: ['otp', 'passkeys'],
      otpOptions: { methods: ['email'] },
      sessionOptions: { sessionDurationMinutes: 60 },
    });
    const section = await openSection('Passkeys');
    expect(section.textContent).toContain('You have no passkeys yet.');
    fireEvent.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    await within(section).findByText('Passkey added.');
    expect(client.webauthn.register).toHaveBeenCalledWith({ is_passkey: true, session_duration_minutes: 60 });
    expect(names(section)).toEqual(['New passkey']);
    expect(events(callbacks)).toEqual([{ type: 'ACCOUNT_UPDATED', data: { change: 'passkey_added' } }]);
  });

  it("a passkey this authenticator already holds: the registration mount's message, in the banner", async () => {
    const { client } = accountClient();
    client.webauthn.register.mockRejectedValue(
      Object.assign(new Error('The authenticator was previously registered'), { code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' }),
    );
    const { callbacks } = renderAccount(client);
    const section = await openSection('Passkeys');
    fireEvent.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    expect((await within(section).findByRole('alert')).textContent).toMatch(/^The Passkey cannot be created as it seems to be already registered\./);
    expect(callbacks.onError).toHaveBeenCalled();
  });

  it('renames one, saying so once the server agrees', async () => {
    const { client, setUser } = accountClient(WITH_PASSKEYS);
    client.webauthn.update.mockImplementation(async ({ webauthn_registration_id, name }) => {
      setUser({ ...WITH_PASSKEYS, webauthn_registrations: [registration('wr-1', name), WITH_PASSKEYS.webauthn_registrations[1]!] });
      return { status_code: 200 as const, request_id: 'r', webauthn_registration: registration(webauthn_registration_id, name) };
    });
    const { callbacks } = renderAccount(client);
    const section = await openSection('Passkeys');
    fireEvent.click(within(section).getByRole('button', { name: 'Rename Laptop' }));
    const field = within(section).getByLabelText('Passkey name');
    fireEvent.change(field, { target: { value: 'Work laptop' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await within(section).findByText('Passkey renamed to “Work laptop”.');
    expect(client.webauthn.update).toHaveBeenCalledWith({ webauthn_registration_id: 'wr-1', name: 'Work laptop' });
    expect(names(section)).toEqual(['Work laptop', 'Phone']);
    expect(events(callbacks)).toEqual([{ type: 'ACCOUNT_UPDATED', data: { change: 'passkey_renamed' } }]);
  });

  it('a deletion that needs a recent sign-in: the passkey confirms it, then the same deletion; focus on the heading after', async () => {
    const { client, setUser } = accountClient(WITH_PASSKEYS);
    client.webauthn.delete.mockRejectedValueOnce(REAUTH()).mockImplementationOnce(async () => {
      setUser({ ...WITH_PASSKEYS, webauthn_registrations: WITH_PASSKEYS.webauthn_registrations.slice(0, 1) });
      return { status_code: 200 as const, request_id: 'r', user_id: USER.user_id };
    });
    // The person first closes the browser's dialog, then uses a passkey.
    client.webauthn.authenticate.mockRejectedValueOnce(Object.assign(new Error('The operation was cancelled.'), { name: 'NotAllowedError' }));
    const { callbacks, container } = renderAccount(client);
    const section = await openSection('Passkeys');
    fireEvent.click(within(section).getByRole('button', { name: 'Delete Phone' }));
    expect(within(section).getByText('Once deleted, the passkey cannot be restored.')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Delete' }));
    fireEvent.click(await within(section).findByRole('button', { name: 'Use a passkey' }));
    // Closed: nothing said, the passkey offered again.
    const again = await within(section).findByRole('button', { name: 'Use a passkey' });
    expect(within(section).queryByRole('alert')).toBeNull();
    await expectNoAxeViolations(container);
    fireEvent.click(again);
    await within(section).findByText('Passkey “Phone” deleted.');
    expect(client.webauthn.authenticate).toHaveBeenLastCalledWith({ signal: expect.any(AbortSignal), session_duration_minutes: 30 });
    expect(client.webauthn.delete).toHaveBeenCalledTimes(2);
    expect(names(section)).toEqual(['Laptop']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Passkeys' })));
    expect(events(callbacks)).toEqual([{ type: 'ACCOUNT_UPDATED', data: { change: 'passkey_deleted' } }]);
  });

  it('a passkey sign-in the server does not count (one added in this session): the step says so and offers the other ways', async () => {
    const { client } = accountClient(WITH_PASSKEYS);
    client.webauthn.delete.mockRejectedValue(REAUTH());
    renderAccount(client);
    const section = await openSection('Passkeys');
    fireEvent.click(within(section).getByRole('button', { name: 'Delete Phone' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Delete' }));
    fireEvent.click(await within(section).findByRole('button', { name: 'Use a passkey' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('That did not confirm it is you for this change. Please choose another way.');
    expect(within(section).getByRole('button', { name: 'Email a code to ada@example.com' })).toBeTruthy();
    expect(client.webauthn.delete).toHaveBeenCalledTimes(2);
  });

  it("deleting the last way in: the server's refusal, and the passkey stays", async () => {
    const { client } = accountClient({ ...USER, emails: [], webauthn_registrations: [registration('wr-1', 'Laptop')] });
    client.webauthn.delete.mockRejectedValue(accountError('last_way_in'));
    renderAccount(client);
    const section = await openSection('Passkeys');
    fireEvent.click(within(section).getByRole('button', { name: 'Delete Laptop' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Delete' }));
    expect((await within(section).findByRole('alert')).textContent).toMatch(/^This is your only way to sign in\./);
    expect(names(section)).toEqual(['Laptop']);
  });
});
