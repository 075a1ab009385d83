import { expect, vi, type Mock } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { accountErrorCatalogue, type User } from '@vestibule/contract';
import { VestibuleAccount } from '../../src/index';
import type { LoginConfig } from '../../src/types';
import { apiError, fakeClient, USER, type FakeClient } from '../helpers';

/** Every section on: Text passcodes, passwords, passkeys, two social providers, wallets. */
export const ACCOUNT_CONFIG: LoginConfig = {
  products: ['otp', 'passwords', 'passkeys', 'oauth', 'crypto'],
  otpOptions: { methods: ['email', 'sms'] },
  oauthOptions: { providers: [{ type: 'github' }, { type: 'google' }] },
};

/**
 * A fake client whose user behaves as the real client's: getSync and onChange follow `setUser`,
 * which the account calls made to answer a User call as the real ones update the cached user.
 */
export function accountClient(user: User | null = USER) {
  const client = fakeClient({ user });
  let current = user;
  const listeners = new Set<(user: User | null) => void>();
  const setUser = (next: User | null) => {
    current = next;
    for (const listener of listeners) listener(next);
  };
  client.user.getSync.mockImplementation(() => current);
  client.user.get.mockImplementation(async () => current ?? USER);
  client.user.onChange.mockImplementation((listener: (user: User | null) => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  });
  return { client, setUser };
}

/** The User as the server answers a change with it, and as the client then caches it. */
export function answering(setUser: (user: User) => void, user: User) {
  return async () => {
    setUser(user);
    return { status_code: 200 as const, request_id: 'req-account', ...user };
  };
}

/** An account error as the server answers it, with its status and its words: the page shows the server's words for these. */
export function accountError(type: keyof typeof accountErrorCatalogue) {
  const { status, message } = accountErrorCatalogue[type];
  return apiError(type, message, status);
}

export const REAUTH = () => accountError('reauthentication_required');

export function renderAccount(client: FakeClient, config: LoginConfig = ACCOUNT_CONFIG) {
  const callbacks = { onEvent: vi.fn(), onError: vi.fn() };
  const view = render(<VestibuleAccount client={client} config={config} callbacks={callbacks} />);
  return { callbacks, ...view };
}

/** The events the host heard, as { type, data }. */
export const events = (callbacks: { onEvent: ReturnType<typeof vi.fn> }) => callbacks.onEvent.mock.calls.map((call) => call[0]);

/** A section of the page once its content has loaded (sections load lazily, under a spinner). */
export async function openSection(name: string): Promise<HTMLElement> {
  const section = await screen.findByRole('region', { name });
  await waitFor(() => {
    if (section.querySelector('.vst-loading')) throw new Error(`${name} is still loading`);
  });
  return section;
}

/**
 * A section's items as a person reads them: each one's name, its badges ('Primary', 'Verified'),
 * its details, and the names of its buttons ('Remove ada@example.com').
 */
export function itemsOf(section: HTMLElement) {
  const texts = (item: Element, selector: string) => Array.from(item.querySelectorAll(selector), (element) => element.textContent);
  return Array.from(section.querySelectorAll<HTMLElement>('.vst-account-item'), (item) => ({
    name: item.querySelector('.vst-account-item-name')?.textContent,
    badges: texts(item, '.vst-badge'),
    details: texts(item, '.vst-account-item-detail'),
    actions: within(item)
      .queryAllByRole('button')
      .map((button) => button.textContent),
  }));
}

/**
 * A removal the server refuses first as the last way in, then asks a recent sign-in for, then
 * makes (`made`): `button` is clicked and the refusal shows; clicked again, the change waits for
 * the confirm step, answered with a code emailed to ada@example.com.
 */
export async function removeRefusedThenConfirmed(section: HTMLElement, button: HTMLElement, call: Mock, made: () => Promise<unknown>) {
  call.mockRejectedValueOnce(accountError('last_way_in')).mockRejectedValueOnce(REAUTH()).mockImplementationOnce(made);
  fireEvent.click(button);
  expect((await within(section).findByRole('alert')).textContent).toMatch(/^This is your only way to sign in\./);
  fireEvent.click(button);
  fireEvent.click(await within(section).findByRole('button', { name: 'Email a code to ada@example.com' }));
  fireEvent.change(await within(section).findByLabelText('6-digit passcode'), { target: { value: '123456' } });
}
