import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StrictMode } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { VestibulePasswordReset } from '../../../src/index';
import { apiError, expectNoAxeViolations, fakeClient, SESSION_RESPONSE, type FakeClient } from '../../helpers';

/**
 * A magic link opened away from the browser that asked for it (another device, or a mail filter's
 * browser running the page's script): the client refuses to spend it (magic_link_unconfirmed), the
 * page asks 'Continue as {email}', and only that press signs in.
 */
const UNCONFIRMED = 'This login link was opened in a different browser from the one that asked for it. Confirm to sign in here.';

function renderReset(client: FakeClient) {
  const callbacks = { onEvent: vi.fn(), onError: vi.fn() };
  const view = render(
    <StrictMode>
      <VestibulePasswordReset client={client} config={{ products: ['emailMagicLinks'] }} callbacks={callbacks} passwordResetToken="tok-123" />
    </StrictMode>,
  );
  return { callbacks, ...view };
}

function openedElsewhere() {
  const client = fakeClient();
  client.magicLinks.authenticate.mockImplementation(async (_token, options?: { confirmed?: boolean }) => {
    if (options?.confirmed) return SESSION_RESPONSE;
    throw apiError('magic_link_unconfirmed', UNCONFIRMED, 403);
  });
  return client;
}

beforeEach(() => window.history.replaceState({}, '', '/reset?vestibule_token_type=login&token=tok-123'));
afterEach(() => {
  cleanup();
  window.history.replaceState({}, '', '/reset');
});

describe('a magic link opened away from the browser that asked for it', () => {
  it("asks 'Continue as {email}' and spends the link only when the button is pressed", async () => {
    const client = openedElsewhere();
    const { container } = renderReset(client);
    expect(await screen.findByRole('heading', { name: 'Finish signing in' })).toBeTruthy();
    expect(screen.getByText('This link was opened in a different browser from the one that asked for it.')).toBeTruthy();
    const button = screen.getByRole('button', { name: /^Continue as/ });
    // The address may wrap at its '@' and dots (<wbr>), which jsdom's accessible name reads as spaces.
    expect(button.textContent).toBe('Continue as opener@example.com');
    expect(client.magicLinks.preview).toHaveBeenCalledWith('tok-123');
    expect(client.magicLinks.authenticate).toHaveBeenCalledTimes(1);
    expect(client.magicLinks.authenticate.mock.calls[0]![1]).not.toHaveProperty('confirmed', true);
    // Not a failure the person must read: no alert, no error callback.
    expect(screen.queryByRole('alert')).toBeNull();
    // The token leaves the address bar as soon as the page has what it needs.
    expect(window.location.search).toBe('');
    await expectNoAxeViolations(container);

    fireEvent.click(button);
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.magicLinks.authenticate).toHaveBeenLastCalledWith('tok-123', { session_duration_minutes: 30, confirmed: true });
    expect(client.magicLinks.authenticate).toHaveBeenCalledTimes(2);
  });

  it('a link that died before the press (used, expired) says so and offers a new one', async () => {
    const client = openedElsewhere();
    renderReset(client);
    const button = await screen.findByRole('button', { name: /Continue as/ });
    client.magicLinks.authenticate.mockRejectedValue(apiError('unable_to_auth_magic_link', 'used', 401));
    fireEvent.click(button);
    await screen.findByRole('heading', { name: 'This login link no longer works' });
  });

  it('a dead link is said at once, without asking to continue', async () => {
    const client = openedElsewhere();
    client.magicLinks.preview.mockRejectedValue(apiError('unable_to_auth_magic_link', 'used', 401));
    const { callbacks } = renderReset(client);
    await screen.findByRole('heading', { name: 'This login link no longer works' });
    expect(callbacks.onError).toHaveBeenCalledWith(expect.objectContaining({ error_type: 'unable_to_auth_magic_link' }));
    expect(screen.queryByRole('button', { name: /Continue as/ })).toBeNull();
  });

  it('a failed press (the network) keeps the screen with the message in the banner, and a second press works', async () => {
    const client = openedElsewhere();
    renderReset(client);
    const button = await screen.findByRole('button', { name: /Continue as/ });
    client.magicLinks.authenticate.mockRejectedValueOnce(apiError('too_many_requests', 'Too many requests; wait a minute.', 429));
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toContain('Too many requests');
    fireEvent.click(screen.getByRole('button', { name: /Continue as/ }));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
  });
});
