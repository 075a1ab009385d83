import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@vestibule/contract';
import { VestibulePasskeyRegistration } from '../../../src/index';
import { apiError, expectNoAxeViolations, fakeClient, SESSION_RESPONSE, USER, type FakeClient } from '../../helpers';

afterEach(cleanup);

const CONFIG = { products: ['passkeys', 'emailMagicLinks'] } as const;
const DUPLICATE =
  'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.';
const NOT_CREATED = 'Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.';

const registration = (id: string, name: string) => ({ webauthn_registration_id: id, name, created_at: '2026-01-01T00:00:00Z' });
const WITH_PASSKEYS: User = { ...USER, webauthn_registrations: [registration('wr-1', 'Laptop'), registration('wr-2', 'Phone')] };

function renderRegistration(client: FakeClient = fakeClient({ user: USER })) {
  const callbacks = { onEvent: vi.fn(), onError: vi.fn() };
  const view = render(<VestibulePasskeyRegistration client={client} config={{ products: [...CONFIG.products] }} callbacks={callbacks} />);
  return { client, callbacks, ...view };
}

/** On PasskeyRegistrationSuccess after Skip, with the user's passkeys listed. */
async function skipToList(user: User = WITH_PASSKEYS) {
  const view = renderRegistration(fakeClient({ user }));
  fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
  await screen.findByRole('heading', { name: 'Your Passkeys' });
  return view;
}

const names = () =>
  within(screen.getByRole('list', { name: 'Existing Passkeys' }))
    .getAllByRole('listitem')
    .map((li) => li.firstChild?.textContent);

describe('PasskeyRegistrationStart', () => {
  it('without a signed-in user shows the error (no accessibility violations)', async () => {
    const { container } = render(<VestibulePasskeyRegistration client={fakeClient()} config={{ products: [...CONFIG.products] }} />);
    await expectNoAxeViolations(container);
    expect(screen.getByRole('alert').textContent).toBe('Error: Cannot use PasskeyRegistration component without active user authenticated.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("with a user: 'Set up a new Passkey', 'Create a Passkey' and 'Skip' (no accessibility violations)", async () => {
    const { container } = renderRegistration();
    await expectNoAxeViolations(container);
    expect(screen.getByRole('heading', { name: 'Set up a new Passkey' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create a Passkey' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Skip' })).toBeTruthy();
    expect(container.textContent).not.toMatch(/not available yet/);
  });

  it('follows the user signing in', () => {
    const client = fakeClient();
    let listener: ((user: User | null) => void) | undefined;
    client.user.onChange.mockImplementation((cb: (user: User | null) => void) => {
      listener = cb;
      return () => undefined;
    });
    renderRegistration(client);
    expect(screen.getByRole('alert')).toBeTruthy();
    act(() => listener?.(USER));
    expect(screen.getByRole('heading', { name: 'Set up a new Passkey' })).toBeTruthy();
  });

  it("creating one: 'Passkey successfully created!' with the new passkey listed, focus on the title, the host told", async () => {
    const client = fakeClient({ user: USER });
    const created = { ...SESSION_RESPONSE, user: { ...USER, webauthn_registrations: [registration('wr-9', 'New passkey')] }, webauthn_registration_id: 'wr-9' };
    client.webauthn.register.mockResolvedValue(created);
    const { callbacks, container } = renderRegistration(client);
    fireEvent.click(screen.getByRole('button', { name: 'Create a Passkey' }));
    const title = await screen.findByRole('heading', { level: 1, name: 'Passkey successfully created!' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    // Like every other sign-in: the default 30 minutes when the host names none.
    expect(client.webauthn.register).toHaveBeenCalledWith({ is_passkey: true, session_duration_minutes: 30 });
    expect(names()).toEqual(['New passkey']);
    expect(callbacks.onEvent).toHaveBeenCalledWith({ type: 'PASSKEY_REGISTER', data: created });
    await expectNoAxeViolations(container);
  });

  it('the session length from sessionOptions, as for the other methods', async () => {
    const client = fakeClient({ user: USER });
    render(<VestibulePasskeyRegistration client={client} config={{ products: [...CONFIG.products], sessionOptions: { sessionDurationMinutes: 90 } }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create a Passkey' }));
    await waitFor(() => expect(client.webauthn.register).toHaveBeenCalledWith({ is_passkey: true, session_duration_minutes: 90 }));
  });

  it.each([
    [
      'the browser says it was previously registered',
      Object.assign(new Error('The authenticator was previously registered'), { name: 'InvalidStateError', code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' }),
    ],
    ['the server says duplicate_webauthn_registration', apiError('duplicate_webauthn_registration', 'Already there.')],
    ['a message mentions a duplicate credential', new Error('Duplicate credential')],
  ])('%s: the duplicate-passkey error, in place and announced', async (_case, error) => {
    const client = fakeClient({ user: USER });
    client.webauthn.register.mockRejectedValue(error);
    const { callbacks, container } = renderRegistration(client);
    fireEvent.click(screen.getByRole('button', { name: 'Create a Passkey' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(DUPLICATE);
    expect(screen.getByRole('button', { name: 'Create a Passkey' }).getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.getByRole('heading', { name: 'Set up a new Passkey' })).toBeTruthy();
    expect(callbacks.onError).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });

  it.each([
    ['the user cancels', new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')],
    ['the server refuses', apiError('invalid_webauthn_response', 'Nope.', 401)],
  ])('%s: the not-created error; Skip still leads on', async (_case, error) => {
    const client = fakeClient({ user: USER });
    client.webauthn.register.mockRejectedValue(error);
    renderRegistration(client);
    fireEvent.click(screen.getByRole('button', { name: 'Create a Passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_CREATED);
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('heading', { name: 'Your Passkeys' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('PasskeyRegistrationSuccess', () => {
  it("after Skip says plainly 'Your Passkeys' and lists 'Existing Passkeys' (no accessibility violations)", async () => {
    const { container } = await skipToList();
    expect(screen.queryByText('Passkey successfully created!')).toBeNull();
    expect(names()).toEqual(['Laptop', 'Phone']);
    expect(screen.getByRole('button', { name: 'Set up another Passkey' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("'Set up another Passkey' goes back to the start; 'Done' tells the host", async () => {
    const { callbacks } = await skipToList();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(callbacks.onEvent).toHaveBeenCalledWith({ type: 'PASSKEY_REGISTRATION_DONE', data: null });
    fireEvent.click(screen.getByRole('button', { name: 'Set up another Passkey' }));
    expect(await screen.findByRole('heading', { name: 'Set up a new Passkey' })).toBeTruthy();
  });

  it('renames in place: the list changes at once, the buttons wait while the field is open (no accessibility violations)', async () => {
    const { client, container } = await skipToList();
    fireEvent.click(screen.getByRole('button', { name: 'Rename Laptop' }));
    const field = screen.getByLabelText('Passkey name') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    expect((screen.getByRole('button', { name: 'Set up another Passkey' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Done' }) as HTMLButtonElement).disabled).toBe(true);
    await expectNoAxeViolations(container);
    fireEvent.change(field, { target: { value: 'Work laptop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(names()).toEqual(['Work laptop', 'Phone']);
    expect(client.webauthn.update).toHaveBeenCalledWith({ webauthn_registration_id: 'wr-1', name: 'Work laptop' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Work laptop' }));
    expect((screen.getByRole('button', { name: 'Done' }) as HTMLButtonElement).disabled).toBe(false);
    // Once the server agreed: a success banner, announced without taking the focus.
    expect((await screen.findByRole('status')).textContent).toBe('Passkey renamed to “Work laptop”.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Work laptop' }));
    await expectNoAxeViolations(container);
  });

  it('a rename cancelled changes nothing', async () => {
    const { client } = await skipToList();
    fireEvent.click(screen.getByRole('button', { name: 'Rename Phone' }));
    fireEvent.change(screen.getByLabelText('Passkey name'), { target: { value: 'Tablet' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(names()).toEqual(['Laptop', 'Phone']);
    expect(client.webauthn.update).not.toHaveBeenCalled();
  });

  it('a failed rename keeps the new name on screen and is only logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = fakeClient({ user: WITH_PASSKEYS });
    client.webauthn.update.mockRejectedValue(apiError('webauthn_registration_not_found', 'Gone.', 404));
    const callbacks = { onEvent: vi.fn(), onError: vi.fn() };
    render(<VestibulePasskeyRegistration client={client} config={{ products: [...CONFIG.products] }} callbacks={callbacks} />);
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Laptop' }));
    fireEvent.change(screen.getByLabelText('Passkey name'), { target: { value: 'Old laptop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Vestibule: could not rename the passkey.', expect.anything()));
    expect(names()).toEqual(['Old laptop', 'Phone']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(callbacks.onError).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('deletes after asking in place: the warning, Delete and Cancel, the other buttons gone (no accessibility violations)', async () => {
    const { client, container } = await skipToList();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Laptop' }));
    expect(screen.getByText('Once deleted, the passkey cannot be restored.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Set up another Passkey' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(names()).toEqual(['Phone']);
    expect(client.webauthn.delete).toHaveBeenCalledWith('wr-1');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Existing Passkeys' }));
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toBe('Passkey “Laptop” deleted.');
    // The banner can be dismissed; 'Set up another Passkey' leaves it behind too.
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("a success banner does not follow to the start screen ('Set up another Passkey')", async () => {
    await skipToList();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Phone' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('status');
    fireEvent.click(screen.getByRole('button', { name: 'Set up another Passkey' }));
    await screen.findByRole('heading', { name: 'Set up a new Passkey' });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a delete cancelled keeps the passkey', async () => {
    const { client } = await skipToList();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Phone' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(names()).toEqual(['Laptop', 'Phone']);
    expect(screen.queryByText('Once deleted, the passkey cannot be restored.')).toBeNull();
    expect(client.webauthn.delete).not.toHaveBeenCalled();
  });

  it('a failed delete keeps the passkey off the list and is only logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = fakeClient({ user: WITH_PASSKEYS });
    client.webauthn.delete.mockRejectedValue(new Error('offline'));
    render(<VestibulePasskeyRegistration client={client} config={{ products: [...CONFIG.products] }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Phone' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Vestibule: could not delete the passkey.', expect.anything()));
    expect(names()).toEqual(['Laptop']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    error.mockRestore();
  });

  it('with no passkeys says so', async () => {
    await skipToList(USER);
    expect(screen.getByText('You have no passkeys yet.')).toBeTruthy();
  });
});
