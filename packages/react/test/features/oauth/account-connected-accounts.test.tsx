import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import type { User } from '@vestibule/contract';
import { expectNoAxeViolations, OAUTH_SESSION_RESPONSE, USER } from '../../helpers';
import { accountClient, accountError, answering, events, itemsOf, openSection, removeRefusedThenConfirmed, renderAccount } from '../../account/account-helpers';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const WITH_GITHUB: User = {
  ...USER,
  oauth_accounts: [{ provider_type: 'github', provider_subject: 'gh-1', email: 'ada@users.github.example', created_at: '2026-01-01T00:00:00Z' }],
};

describe('Connected accounts', () => {
  it("lists each linked account with its provider's mark and name and its address; 'Connect' for each configured provider not linked (no accessibility violations)", async () => {
    const { client } = accountClient(WITH_GITHUB);
    const { container } = renderAccount(client);
    const section = await openSection('Connected accounts');
    expect(itemsOf(section)).toEqual([
      { name: 'GitHub', badges: [], details: ['ada@users.github.example'], actions: ['Disconnect GitHub ada@users.github.example'] },
    ]);
    expect(section.querySelector('.vst-account-item svg.vst-oauth-logo')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Connect GitHub' })).toBeNull();
    expect(within(section).getByRole('button', { name: 'Connect Google' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("'Connect' asks for a link token, then leaves for the provider, to come back to this page", async () => {
    window.history.replaceState(null, '', '/account?tab=1#top');
    const { client } = accountClient();
    renderAccount(client, { products: ['oauth'], oauthOptions: { providers: [{ type: 'google', custom_scopes: ['https://example.test/scope'] }] } });
    const section = await openSection('Connected accounts');
    expect(section.textContent).toContain('No account connected yet.');
    fireEvent.click(within(section).getByRole('button', { name: 'Connect Google' }));
    await within(section).findByRole('button', { name: 'Connect Google' });
    expect(client.account.oauthLinkStart).toHaveBeenCalledWith({ provider: 'google' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.oauth.google.start).toHaveBeenCalledWith({
      link_token: 'link-token-1',
      login_redirect_url: `${window.location.origin}/account`,
      custom_scopes: ['https://example.test/scope'],
      provider_params: undefined,
    });
  });

  it("back from the provider: the landing's token links the account with the session, the address bar loses it, the host hears oauth_account_connected", async () => {
    window.history.replaceState(null, '', '/account?vestibule_token_type=oauth&token=t-1&keep=1');
    const { client, setUser } = accountClient();
    client.oauth.authenticate.mockImplementation(async () => {
      setUser(WITH_GITHUB);
      return { ...OAUTH_SESSION_RESPONSE, user: WITH_GITHUB, provider_type: 'github', provider_subject: 'gh-1' };
    });
    const { callbacks } = renderAccount(client);
    const section = await openSection('Connected accounts');
    await within(section).findByText('Your GitHub account is connected.');
    expect(client.oauth.authenticate).toHaveBeenCalledExactlyOnceWith('t-1', { session_duration_minutes: 30 });
    expect(`${window.location.pathname}${window.location.search}`).toBe('/account?keep=1');
    await waitFor(() => expect(section.textContent).toContain('ada@users.github.example'));
    expect(events(callbacks)).toEqual([{ type: 'ACCOUNT_UPDATED', data: { change: 'oauth_account_connected' } }]);
  });

  it("back from the provider with an account of another user: the server's refusal says so", async () => {
    window.history.replaceState(null, '', '/account?vestibule_token_type=oauth&token=t-1');
    const { client } = accountClient();
    client.oauth.authenticate.mockRejectedValue(accountError('oauth_account_already_linked'));
    const { callbacks } = renderAccount(client);
    const section = await openSection('Connected accounts');
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'This account is already connected to another user. Sign in with it there, or connect a different account.',
    );
    expect(section.textContent).toContain('No account connected yet.');
    expect(window.location.search).toBe('');
    expect(callbacks.onError).toHaveBeenCalledWith(expect.objectContaining({ error_type: 'oauth_account_already_linked' }));
  });

  it('disconnects, after confirming it is you when asked; the last way in is refused', async () => {
    const { client, setUser } = accountClient(WITH_GITHUB);
    const { callbacks } = renderAccount(client);
    const section = await openSection('Connected accounts');
    const disconnect = within(section).getByRole('button', { name: 'Disconnect GitHub ada@users.github.example' });
    await removeRefusedThenConfirmed(section, disconnect, client.account.oauthDisconnect, answering(setUser, USER));
    await within(section).findByText('Your GitHub account is disconnected.');
    expect(client.account.oauthDisconnect).toHaveBeenLastCalledWith({ provider_type: 'github', provider_subject: 'gh-1' });
    expect(within(section).getByRole('button', { name: 'Connect GitHub' })).toBeTruthy();
    expect(events(callbacks)).toEqual([{ type: 'ACCOUNT_UPDATED', data: { change: 'oauth_account_disconnected' } }]);
  });
});
