import { afterEach, describe, expect, it, vi } from 'vitest';
import { StrictMode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { VestibulePasswordReset } from '../../../src/index';
import type { LoginConfig } from '../../../src/types';
import { apiError, expectNoAxeViolations, fakeClient, OAUTH_SESSION_RESPONSE, type FakeClient } from '../../helpers';

/** What the address bar shows: path, query and hash. */
const address = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/** The page the server's redirect back from the provider opens. */
function land(path: string) {
  window.history.replaceState(null, '', path);
}

const NO_PROVIDERS: LoginConfig = { products: ['emailMagicLinks'] };
const WITH_PROVIDERS: LoginConfig = { products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }] } };

function renderLanding(client: FakeClient, config: LoginConfig = NO_PROVIDERS) {
  const callbacks = { onEvent: vi.fn(), onError: vi.fn() };
  // The host passes the URL's token, as for an emailed link (none on a failed landing).
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const view = render(
    <StrictMode>
      <VestibulePasswordReset client={client} config={config} callbacks={callbacks} passwordResetToken={token} />
    </StrictMode>,
  );
  return { callbacks, ...view };
}

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('the OAuth landing on the password-reset mount', () => {
  it('exchanges the token once, with the session duration, then shows the success screen', async () => {
    land('/reset?vestibule_token_type=oauth&token=oauth-tok-1');
    const client = fakeClient();
    const { callbacks, container } = renderLanding(client, { ...NO_PROVIDERS, sessionOptions: { sessionDurationMinutes: 60 } });
    await expectNoAxeViolations(container);
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(screen.getByText('You have successfully logged in.')).toBeTruthy();
    expect(client.oauth.authenticate).toHaveBeenCalledTimes(1);
    expect(client.oauth.authenticate).toHaveBeenCalledWith('oauth-tok-1', { session_duration_minutes: 60 });
    expect(callbacks.onEvent).toHaveBeenCalledWith({ type: 'OAUTH_AUTHENTICATE', data: OAUTH_SESSION_RESPONSE });
    await waitFor(() => expect(callbacks.onEvent).toHaveBeenCalledWith({ type: 'AUTHENTICATE_FLOW_COMPLETE', data: null }));
    // Never taken for a password-reset token.
    expect(client.passwords.checkResetToken).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it("says 'Logging in...' and keeps the token in the address bar while the exchange runs", async () => {
    land('/reset?vestibule_token_type=oauth&token=oauth-tok-1');
    const client = fakeClient();
    client.oauth.authenticate.mockImplementation(() => new Promise(() => undefined));
    const { container } = renderLanding(client);
    expect(screen.getByRole('heading', { name: 'Logging in...' })).toBeTruthy();
    expect(address()).toBe('/reset?vestibule_token_type=oauth&token=oauth-tok-1');
    await expectNoAxeViolations(container);
  });

  it('takes the token out of the address bar once spent, keeping the other parameters and the hash', async () => {
    land('/reset?lang=fr&vestibule_token_type=oauth&token=oauth-tok-1#top');
    const entries = window.history.length;
    renderLanding(fakeClient());
    await screen.findByRole('heading', { name: 'Success!' });
    expect(address()).toBe('/reset?lang=fr#top');
    expect(window.history.length).toBe(entries);
  });

  it.each([
    ['oauth_flow_callback_error', 'An error occurred in the OAuth callback. Please try signing in again.'],
    ['oauth_token_not_found', 'OAuth Token could not be found.'],
  ])("error_type %s: the catalogue's message, no exchange, onError told, the address bar cleaned", async (errorType, message) => {
    land(`/reset?vestibule_token_type=oauth&error_type=${errorType}&lang=fr`);
    const client = fakeClient();
    const { callbacks, container } = renderLanding(client);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('heading', { name: 'Looks like there was an error!' })).toBeTruthy();
    expect(client.oauth.authenticate).not.toHaveBeenCalled();
    expect(callbacks.onError).toHaveBeenCalledWith({ error_type: errorType, message });
    expect(address()).toBe('/reset?lang=fr');
    await expectNoAxeViolations(container);
  });

  it('an error type the catalogue does not know, or no token at all, reads as the callback error (no text from the URL is shown)', async () => {
    land('/reset?vestibule_token_type=oauth&error_type=%3Cb%3Eyour+account+is+locked%3C%2Fb%3E');
    renderLanding(fakeClient());
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred in the OAuth callback. Please try signing in again.');
    cleanup();
    land('/reset?vestibule_token_type=oauth');
    renderLanding(fakeClient());
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred in the OAuth callback. Please try signing in again.');
  });

  it("a refused exchange shows the catalogue's message and removes the token", async () => {
    land('/reset?vestibule_token_type=oauth&token=used-tok');
    const client = fakeClient();
    client.oauth.authenticate.mockRejectedValue(apiError('oauth_token_not_found', 'server text', 404));
    const { callbacks, container } = renderLanding(client);
    expect((await screen.findByRole('alert')).textContent).toBe('OAuth Token could not be found.');
    expect(callbacks.onError).toHaveBeenCalledWith({ error_type: 'oauth_token_not_found', message: 'OAuth Token could not be found.' });
    expect(address()).toBe('/reset');
    expect(screen.queryByRole('heading', { name: 'Success!' })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('offers the configured providers again as the way on, and one starts the flow anew', async () => {
    land('/reset?vestibule_token_type=oauth&error_type=oauth_flow_callback_error');
    const client = fakeClient();
    const { container } = renderLanding(client, {
      ...WITH_PROVIDERS,
      oauthOptions: { ...WITH_PROVIDERS.oauthOptions!, loginRedirectURL: 'https://app.example.com/reset' },
    });
    await screen.findByRole('alert');
    expect(screen.getByText('Sign in again:')).toBeTruthy();
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole('button', { name: 'Continue with GitHub' }));
    await waitFor(() =>
      expect(client.oauth.github.start).toHaveBeenCalledWith(expect.objectContaining({ login_redirect_url: 'https://app.example.com/reset' })),
    );
  });

  it('without providers in the configuration the message stands alone', async () => {
    land('/reset?vestibule_token_type=oauth&error_type=oauth_flow_callback_error');
    renderLanding(fakeClient());
    await screen.findByRole('alert');
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
