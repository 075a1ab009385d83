import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StrictMode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { VestibulePasswordReset } from '../../../src/index';
import type { LoginConfig } from '../../../src/types';
import { apiError, expectNoAxeViolations, fakeClient, loggedNames, SESSION_RESPONSE, type FakeClient } from '../../helpers';

const CONFIG: LoginConfig = { products: ['emailMagicLinks'] };

function setSearch(search: string) {
  window.history.replaceState({}, '', `/reset${search}`);
}

function renderReset(client: FakeClient, config: LoginConfig = CONFIG) {
  const callbacks = { onEvent: vi.fn(), onError: vi.fn() };
  const view = render(
    <StrictMode>
      <VestibulePasswordReset client={client} config={config} callbacks={callbacks} passwordResetToken="tok-123" />
    </StrictMode>,
  );
  return { callbacks, ...view };
}

beforeEach(() => setSearch('?vestibule_token_type=login&token=tok-123'));
afterEach(() => {
  cleanup();
  setSearch('');
});

describe('PasswordResetForm with a magic-link token (vestibule_token_type=login)', () => {
  it('has no accessibility violations while logging in', async () => {
    const client = fakeClient();
    client.magicLinks.authenticate.mockImplementation(() => new Promise(() => undefined));
    const { container } = renderReset(client);
    await expectNoAxeViolations(container);
  });

  it("shows 'Logging in...' with a spinner, authenticates once, then 'Success!' and fires flow-complete once", async () => {
    const client = fakeClient();
    let resolve!: (value: typeof SESSION_RESPONSE) => void;
    client.magicLinks.authenticate.mockImplementation(() => new Promise((r) => (resolve = r)));
    const { callbacks, container } = renderReset(client);
    expect(screen.getByRole('heading', { name: 'Logging in...' })).toBeTruthy();
    expect(screen.getByRole('status').querySelector('.vst-spinner')).toBeTruthy();
    expect(client.magicLinks.authenticate).toHaveBeenCalledTimes(1);
    expect(client.magicLinks.authenticate).toHaveBeenCalledWith('tok-123', { session_duration_minutes: 30 });

    resolve(SESSION_RESPONSE);
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(screen.getByText('You have successfully logged in.')).toBeTruthy();
    await expectNoAxeViolations(container);

    await waitFor(() => expect(callbacks.onEvent).toHaveBeenCalledWith({ type: 'FLOW_COMPLETE', data: null }));
    const types = callbacks.onEvent.mock.calls.map((c) => (c[0] as { type: string }).type);
    expect(types.filter((t) => t === 'FLOW_COMPLETE')).toHaveLength(1);
    expect(types.filter((t) => t === 'AUTHENTICATE_FLOW_COMPLETE')).toHaveLength(1);
    expect(types.filter((t) => t === 'MAGIC_LINK_AUTHENTICATE')).toHaveLength(1);
    expect(loggedNames(client).filter((n) => n === 'flow_complete')).toHaveLength(1);
  });

  it('uses the configured session duration', async () => {
    const client = fakeClient();
    renderReset(client, { ...CONFIG, sessionOptions: { sessionDurationMinutes: 120 } });
    await screen.findByRole('heading', { name: 'Success!' });
    expect(client.magicLinks.authenticate).toHaveBeenCalledWith('tok-123', { session_duration_minutes: 120 });
  });

  it('a used or expired link says so in plain words and sends a new one to the address typed', async () => {
    const client = fakeClient();
    client.magicLinks.authenticate.mockRejectedValue(apiError('unable_to_auth_magic_link', 'server text', 401));
    const { callbacks, container } = renderReset(client);
    await screen.findByRole('heading', { name: 'This login link no longer works' });
    expect(callbacks.onError).toHaveBeenCalledWith(expect.objectContaining({ error_type: 'unable_to_auth_magic_link' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Logging in...' })).toBeNull();
    await expectNoAxeViolations(container);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a new link' }));
    const sent = await screen.findByRole('heading', { name: 'Check your email' });
    await waitFor(() => expect(document.activeElement).toBe(sent));
    expect(screen.getByText(/A new login link was sent to/).textContent).toBe('A new login link was sent to ada@example.com.');
    expect(client.magicLinks.email.loginOrCreate).toHaveBeenCalledWith('ada@example.com', expect.anything());
  });

  it('any other failure (the network, a limit) keeps the catalogue message in the banner', async () => {
    const client = fakeClient();
    client.magicLinks.authenticate.mockRejectedValue(apiError('too_many_requests', 'Too many requests; wait a minute.', 429));
    renderReset(client);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many requests');
    expect(screen.getByRole('heading', { name: 'Looks like there was an error!' })).toBeTruthy();
  });
});

describe('PasswordResetForm with a reset link that works', () => {
  beforeEach(() => setSearch('?vestibule_token_type=reset_password&token=tok-123'));

  it('carries the account in a hidden username field and asks for a new-password, so managers save it for the right account', async () => {
    const client = fakeClient();
    const { container } = renderReset(client, { products: ['passwords'] });
    const password = await screen.findByLabelText('New password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    await vi.waitFor(() => expect(container.querySelector('input[autocomplete="username"]')).not.toBeNull());
    const username = container.querySelector<HTMLInputElement>('input[autocomplete="username"]')!;
    expect(username.value).toBe('ada@example.com');
    expect(username.hidden).toBe(true);
    expect(username.form).toBe((password as HTMLInputElement).form);
    // The address also counts against the new password in the strength check.
    fireEvent.change(password, { target: { value: 'ada example' } });
    await vi.waitFor(() => expect(client.passwords.strengthCheck).toHaveBeenCalledWith({ password: 'ada example', email: 'ada@example.com' }));
  });
});

describe('PasswordResetForm with a reset link that no longer works', () => {
  beforeEach(() => setSearch('?vestibule_token_type=reset_password&token=tok-123'));

  it('says so when the page opens, before any password is typed, and sends a new link to the address given', async () => {
    const client = fakeClient();
    client.passwords.checkResetToken.mockRejectedValue(
      apiError('invalid_reset_token', 'The password reset link has expired or was already used. Request a new one.', 401),
    );
    const { container } = renderReset(client, { products: ['passwords'] });
    const dead = await screen.findByRole('heading', { name: 'This reset link no longer works' });
    // Focus follows in the effect after the heading is drawn.
    await waitFor(() => expect(document.activeElement).toBe(dead));
    expect(client.passwords.checkResetToken).toHaveBeenCalledWith('tok-123');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(window.location.search).toBe('');
    await expectNoAxeViolations(container);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a new link' }));
    const sent = await screen.findByRole('heading', { name: 'Check your email!' });
    await waitFor(() => expect(document.activeElement).toBe(sent));
    expect(client.passwords.resetByEmailStart).toHaveBeenCalledWith(expect.objectContaining({ email: 'ada@example.com' }));
    expect(container.textContent).toContain('A new link to reset your password was sent to ada@example.com.');
  });

  it('a link that dies while the password is typed shows the same way on instead of an error under the field', async () => {
    const client = fakeClient();
    client.passwords.resetByEmail.mockRejectedValue(apiError('invalid_reset_token', 'gone', 401));
    client.passwords.strengthCheck.mockResolvedValue({
      status_code: 200,
      request_id: 'r',
      score: 4,
      valid_password: true,
      breached_password: false,
      strength_policy: 'zxcvbn',
      feedback: { warning: '', suggestions: [], luds_requirements: null },
    });
    renderReset(client, { products: ['passwords'] });
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'a long enough passphrase 9' } });
    const button = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    await vi.waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByRole('heading', { name: 'This reset link no longer works' })).toBeTruthy();
  });
});
