import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { SessionResponse } from '@vestibule/contract';
import { VestibuleIdentityProvider } from '../../../src/index';
import { clientNameFallback, idpFlow, missingParam, readIdpRequest } from '../../../src/features/identity-provider/params';
import type { IdentityProviderMountOptions } from '../../../src/types';
import { apiError, AUTHORIZE_START, expectNoAxeViolations, fakeClient, SESSION_RESPONSE, type FakeClient } from '../../helpers';

const AUTHORIZE =
  '?client_id=client-1&redirect_uri=https%3A%2F%2Fshop.example.com%2Fcallback&scope=openid%20email%20profile&state=state-1&nonce=n-1&code_challenge=cc&code_challenge_method=S256';
const LOGOUT = '?client_id=client-1&post_logout_redirect_uri=https%3A%2F%2Fshop.example.com%2F&state=state-1&id_token_hint=idt';

function setSearch(search: string) {
  window.history.replaceState({}, '', `/idp${search}`);
}

let assign: MockInstance<(url: string | URL) => void>;
beforeEach(() => {
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  setSearch('');
  vi.restoreAllMocks();
});

type Extra = Omit<IdentityProviderMountOptions, 'client'>;

function renderIdp(search: string, client: FakeClient = fakeClient(), extra: Extra = {}) {
  setSearch(search);
  const onEvent = vi.fn();
  const onError = vi.fn();
  const view = render(<VestibuleIdentityProvider client={client} callbacks={{ onEvent, onError }} {...extra} />);
  return { client, onEvent, onError, ...view };
}

const events = (onEvent: ReturnType<typeof vi.fn>) => onEvent.mock.calls.map(([e]) => (e as { type: string }).type);

const missing = (param: string) => `Required parameter is missing: ${param}. Please reach out to the application developer.`;

/** An authorize submit's answer; an empty redirect_uri stands for none. */
const submitted = (redirect_uri: string) => ({ status_code: 200 as const, request_id: 'req-submit', redirect_uri });

function scopes(...list: Array<[string, boolean, string?]>) {
  return list.map(([scope, is_grantable, description = '']) => ({ scope, is_grantable, description }));
}

describe('Identity provider: missing parameters', () => {
  it('has no accessibility violations on the missing-parameter screen', async () => {
    const { container } = renderIdp('?client_id=abc');
    await screen.findByRole('heading', { name: 'Looks like there was an error!' });
    await expectNoAxeViolations(container);
  });

  it.each([
    ['authorize without client_id', '?redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb', 'client_id'],
    ['authorize without redirect_uri', '?client_id=abc', 'redirect_uri'],
    ['logout without client_id', '?post_logout_redirect_uri=https%3A%2F%2Fapp.example.com%2Fbye', 'client_id'],
    ['logout with an empty post_logout_redirect_uri', '?client_id=abc&post_logout_redirect_uri=', 'post_logout_redirect_uri'],
  ])('%s says so and calls nothing', async (_name, search, param) => {
    const { client } = renderIdp(search);
    expect((await screen.findByRole('alert')).textContent).toBe(missing(param));
    expect(client.idp.authorizeStart).not.toHaveBeenCalled();
    expect(client.idp.logoutStart).not.toHaveBeenCalled();
  });

  it('helpers: flow choice, missing parameter, defaults, client-name fallback', () => {
    expect(idpFlow(new URLSearchParams('post_logout_redirect_uri=x'))).toBe('Logout');
    expect(idpFlow(new URLSearchParams('client_id=x'))).toBe('Authorize');
    expect(missingParam(new URLSearchParams('client_id=a&redirect_uri=b'))).toBeNull();
    expect(readIdpRequest('?client_id=a&redirect_uri=b')).toEqual({
      flow: 'Authorize',
      params: { client_id: 'a', redirect_uri: 'b', response_type: 'code', scope: 'openid email profile' },
    });
    expect(clientNameFallback('https://shop.example.com/cb')).toBe('shop.example.com');
    expect(clientNameFallback(null)).toBeNull();
  });
});

describe('Identity provider: authorize', () => {
  it('shows a spinner, runs the preflight with the query, logs render_idp_screen, then the consent screen (standard scopes)', async () => {
    const { client, container } = renderIdp(AUTHORIZE);
    expect(screen.getByRole('status')).toBeTruthy();
    const title = await screen.findByRole('heading', { name: 'Sign in to Shop with Example Project' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(client.idp.authorizeStart).toHaveBeenCalledWith({
      client_id: 'client-1',
      redirect_uri: 'https://shop.example.com/callback',
      response_type: 'code',
      scope: 'openid email profile',
      state: 'state-1',
      nonce: 'n-1',
      code_challenge: 'cc',
      code_challenge_method: 'S256',
    });
    expect(client.events.log).toHaveBeenCalledWith('render_idp_screen', { bootstrap: client.bootstrap.getSync() });
    const items = screen.getAllByRole('listitem').map((li) => li.firstChild?.textContent);
    expect(items).toContain('Verify your identity');
    expect(screen.getByText('view information stored within your account')).toBeTruthy();
    expect(items).toContain('View your personal profile information');
    expect(screen.getByText('email address')).toBeTruthy();
    expect(screen.getByText('name, picture and language')).toBeTruthy();
    expect(screen.queryByText(/You do not have permissions/)).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("custom scopes: '{clientName} wants to access your {projectName} account'; each described by the project's rbacPolicy, else 'Use the {scope} scope'", async () => {
    const client = fakeClient({
      bootstrap: {
        rbacPolicy: {
          scopes: [
            { scope: 'read:orders', description: 'Read your orders' },
            { scope: 'misc', description: '' },
          ],
        },
      },
    });
    client.idp.authorizeStart.mockResolvedValue({
      ...AUTHORIZE_START,
      // What the server says of a custom scope does not decide the text: the policy does.
      scope_results: scopes(
        ['openid', true],
        ['offline_access', true],
        ['read:orders', true, 'Server words'],
        ['write:docs', true, 'Edit your documents'],
        ['misc', true],
      ),
    });
    const { container } = renderIdp(AUTHORIZE, client);
    await screen.findByRole('heading', { name: 'Shop wants to access your Example Project account' });
    expect(screen.getByText("Maintain access to your data even when you're not actively using the app")).toBeTruthy();
    expect(screen.getByText('Read your orders')).toBeTruthy();
    expect(screen.getByText('Use the write:docs scope')).toBeTruthy();
    expect(screen.getByText('Use the misc scope')).toBeTruthy();
    expect(screen.queryByText('Server words')).toBeNull();
    expect(screen.queryByText('Edit your documents')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("the host rewords 'Use the {scope} scope' and the policy's descriptions through its strings", async () => {
    const client = fakeClient({ bootstrap: { rbacPolicy: { scopes: [{ scope: 'read:orders', description: 'Read your orders' }] } } });
    client.idp.authorizeStart.mockResolvedValue({ ...AUTHORIZE_START, scope_results: scopes(['read:orders', true, 'Read your orders'], ['misc', true]) });
    renderIdp(AUTHORIZE, client, { strings: { 'Use the {scope} scope': 'Den Bereich {scope} nutzen', 'Read your orders': 'Ihre Bestellungen lesen' } });
    await screen.findByText('Den Bereich misc nutzen');
    expect(screen.getByText('Ihre Bestellungen lesen')).toBeTruthy();
  });

  it('lists the ungrantable scopes behind a collapsible notice', async () => {
    const client = fakeClient({ bootstrap: { rbacPolicy: { scopes: [{ scope: 'admin:all', description: 'Administer everything' }] } } });
    client.idp.authorizeStart.mockResolvedValue({
      ...AUTHORIZE_START,
      scope_results: scopes(['openid', true], ['admin:all', false, 'Administer everything']),
    });
    const { container } = renderIdp(AUTHORIZE, client);
    await screen.findByRole('heading', { name: 'Shop wants to access your Example Project account' });
    const summary = screen.getByText('You do not have permissions to grant Shop access to some of the requested scopes.');
    expect(summary.tagName).toBe('SUMMARY');
    expect(summary.closest('details')?.textContent).toContain("You cannot grant Shop's request to:");
    expect(summary.closest('details')?.textContent).toContain('Administer everything');
    await expectNoAxeViolations(container);
  });

  it('Allow submits consent_granted true with the same parameters and follows the redirect', async () => {
    const { client } = renderIdp(AUTHORIZE);
    fireEvent.click(await screen.findByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://shop.example.com/callback?code=code-1&state=state-1'));
    expect(client.idp.authorizeSubmit).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'client-1', state: 'state-1', consent_granted: true }));
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('Deny submits consent_granted false and follows the redirect (access_denied)', async () => {
    const client = fakeClient();
    client.idp.authorizeSubmit.mockResolvedValue(submitted('https://shop.example.com/callback?error=access_denied&state=state-1'));
    renderIdp(AUTHORIZE, client);
    fireEvent.click(await screen.findByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://shop.example.com/callback?error=access_denied&state=state-1'));
    expect(client.idp.authorizeSubmit).toHaveBeenCalledWith(expect.objectContaining({ consent_granted: false }));
  });

  it('Deny without a redirect: the denied screen and the consent-denied event', async () => {
    const client = fakeClient();
    client.idp.authorizeSubmit.mockResolvedValue(submitted(''));
    const { onEvent, container } = renderIdp(AUTHORIZE, client);
    fireEvent.click(await screen.findByRole('button', { name: 'Deny' }));
    const message = await screen.findByText('Access to the application was denied.');
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(events(onEvent)).toContain('OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED');
    expect(client.events.log).toHaveBeenCalledWith('consent_denied', {});
    expect(assign).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('Allow without a redirect: the success screen and the flow-complete event', async () => {
    const client = fakeClient();
    client.idp.authorizeSubmit.mockResolvedValue(submitted(''));
    const { onEvent, container } = renderIdp(AUTHORIZE, client);
    fireEvent.click(await screen.findByRole('button', { name: 'Allow' }));
    await screen.findByRole('heading', { name: 'Success!' });
    await waitFor(() => expect(events(onEvent)).toEqual(['OAUTH_AUTHORIZE_FLOW_COMPLETE']));
    expect(client.events.log).toHaveBeenCalledWith('flow_complete', {});
    await expectNoAxeViolations(container);
  });

  it('no consent needed: submits at once with consent_granted false and redirects', async () => {
    const client = fakeClient();
    client.idp.authorizeStart.mockResolvedValue({ ...AUTHORIZE_START, consent_required: false });
    renderIdp(AUTHORIZE, client);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://shop.example.com/callback?code=code-1&state=state-1'));
    expect(client.idp.authorizeSubmit).toHaveBeenCalledWith(expect.objectContaining({ consent_granted: false, client_id: 'client-1' }));
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
  });

  it('no consent needed and no redirect: flow-complete, not denied', async () => {
    const client = fakeClient();
    client.idp.authorizeStart.mockResolvedValue({ ...AUTHORIZE_START, consent_required: false });
    client.idp.authorizeSubmit.mockResolvedValue(submitted(''));
    const { onEvent } = renderIdp(AUTHORIZE, client);
    await screen.findByRole('heading', { name: 'Success!' });
    await waitFor(() => expect(events(onEvent)).toEqual(['OAUTH_AUTHORIZE_FLOW_COMPLETE']));
  });

  it('prompt=none without a session: the preflight answers error=login_required and the page goes straight there', async () => {
    const client = fakeClient();
    client.idp.authorizeStart.mockResolvedValue({
      ...AUTHORIZE_START,
      consent_required: false,
      redirect_uri: 'https://shop.example.com/callback?error=login_required&state=state-1',
    });
    renderIdp(`${AUTHORIZE}&prompt=none`, client);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://shop.example.com/callback?error=login_required&state=state-1'));
    expect(client.idp.authorizeStart).toHaveBeenCalledWith(expect.objectContaining({ prompt: 'none' }));
    expect(client.idp.authorizeSubmit).not.toHaveBeenCalled();
  });

  it('prompt=none when consent is needed: the preflight sends error=consent_required back, no consent screen', async () => {
    const client = fakeClient();
    client.idp.authorizeStart.mockResolvedValue({
      ...AUTHORIZE_START,
      error: 'consent_required',
      redirect_uri: 'https://shop.example.com/callback?error=consent_required&state=state-1',
    } as typeof AUTHORIZE_START);
    renderIdp(`${AUTHORIZE}&prompt=none`, client);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://shop.example.com/callback?error=consent_required&state=state-1'));
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
    expect(client.idp.authorizeSubmit).not.toHaveBeenCalled();
  });

  it("a preflight error: 'Looks like there was an error!' with the server's message, reported", async () => {
    const client = fakeClient();
    client.idp.authorizeStart.mockRejectedValue(apiError('invalid_redirect_uri', 'The redirect_uri is not registered for this client.'));
    const { onError, container } = renderIdp(AUTHORIZE, client);
    const title = await screen.findByRole('heading', { name: 'Looks like there was an error!' });
    expect(screen.getByRole('alert').textContent).toBe('The redirect_uri is not registered for this client.');
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ error_type: 'invalid_redirect_uri' }));
    expect(assign).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('a submit error shows the error screen', async () => {
    const client = fakeClient();
    client.idp.authorizeSubmit.mockRejectedValue(apiError('unauthorized_action', 'x'));
    renderIdp(AUTHORIZE, client);
    fireEvent.click(await screen.findByRole('button', { name: 'Allow' }));
    await screen.findByRole('heading', { name: 'Looks like there was an error!' });
    expect(screen.getByRole('alert').textContent).toBe('Unauthorized action.');
  });

  it.each(['user_unauthenticated', 'session_not_found'])(
    "no session (%s): 'No active session detected. Please log in to continue.'; signing in runs the same request again",
    async (errorType) => {
      const client = fakeClient();
      let listener: ((session: SessionResponse['session'] | null) => void) | undefined;
      client.session.onChange.mockImplementation((cb) => {
        listener = cb;
        return () => undefined;
      });
      client.idp.authorizeStart.mockRejectedValueOnce(apiError(errorType, 'no session', 401));
      const { onError, container } = renderIdp(AUTHORIZE, client);
      await screen.findByText('No active session detected. Please log in to continue.');
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ error_type: errorType }));
      await expectNoAxeViolations(container);
      act(() => listener?.(SESSION_RESPONSE.session));
      await screen.findByRole('heading', { name: 'Sign in to Shop with Example Project' });
      expect(client.idp.authorizeStart).toHaveBeenCalledTimes(2);
      expect(client.idp.authorizeStart.mock.calls[1]![0]).toEqual(client.idp.authorizeStart.mock.calls[0]![0]);
    },
  );

  it.each([
    [
      'the server has no name',
      { client_id: 'client-1', client_name: '' },
      'https://shop.example.com/callback',
      'Sign in to shop.example.com with Example Project',
      false,
    ],
    ['no name and an unreadable redirect URI', { client_id: 'client-1' }, 'not a url', 'Sign in to The App with Example Project', true],
  ])('client name: %s', async (_name, clientInfo, redirectUri, title, warns) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = fakeClient();
    client.idp.authorizeStart.mockResolvedValue({ ...AUTHORIZE_START, client: clientInfo as typeof AUTHORIZE_START.client, redirect_uri: redirectUri });
    renderIdp(`?client_id=client-1&redirect_uri=${encodeURIComponent(redirectUri)}`, client);
    await screen.findByRole('heading', { name: title });
    expect(warn.mock.calls.some(([m]) => String(m).includes('redirect URI'))).toBe(warns);
  });

  it("the host's consent manifest replaces the default text; it gets the grantable scopes and the client name", async () => {
    const getIDPConsentManifest = vi.fn(({ scopes: s, clientName }: { scopes: string[]; clientName: string }) => [
      { header: `${clientName} will know who you are`, details: s.map((x) => `scope ${x}`) },
    ]);
    const { container } = renderIdp(AUTHORIZE, fakeClient(), { getIDPConsentManifest });
    await screen.findByText('Shop will know who you are');
    expect(getIDPConsentManifest).toHaveBeenCalledWith({ scopes: ['openid', 'email', 'profile'], clientName: 'Shop' });
    expect(screen.getByText('scope email')).toBeTruthy();
    expect(screen.queryByText('Verify your identity')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('a consent manifest that throws is logged and the default text shows', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const getIDPConsentManifest = () => {
      throw new Error('manifest broke');
    };
    renderIdp(AUTHORIZE, fakeClient(), { getIDPConsentManifest });
    await screen.findByText('Verify your identity');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('getIDPConsentManifest'), expect.any(Error));
  });

  it('host strings override the texts by their English wording', async () => {
    renderIdp(AUTHORIZE, fakeClient(), { strings: { 'Sign in to {clientName} with {projectName}': 'Bei {clientName} anmelden', Allow: 'Erlauben' } });
    await screen.findByRole('heading', { name: 'Bei Shop anmelden' });
    expect(screen.getByRole('button', { name: 'Erlauben' })).toBeTruthy();
  });
});

describe('Identity provider: session guard (authTokenParams)', () => {
  const authTokenParams = { trustedAuthToken: 'trusted-jwt', tokenProfileID: 'profile-1' };

  it('revokes an existing session with forced clear, attests a 60-minute session, then runs the preflight', async () => {
    const client = fakeClient();
    client.session.getSync.mockReturnValue(SESSION_RESPONSE.session as never);
    renderIdp(AUTHORIZE, client, { authTokenParams });
    await screen.findByRole('heading', { name: 'Sign in to Shop with Example Project' });
    expect(client.session.revoke).toHaveBeenCalledWith({ forceClear: true });
    expect(client.session.attest).toHaveBeenCalledWith({ profile_id: 'profile-1', token: 'trusted-jwt', session_duration_minutes: 60 });
    expect(client.session.revoke.mock.invocationCallOrder[0]!).toBeLessThan(client.session.attest.mock.invocationCallOrder[0]!);
    expect(client.session.attest.mock.invocationCallOrder[0]!).toBeLessThan(client.idp.authorizeStart.mock.invocationCallOrder[0]!);
  });

  it('without a session nothing is revoked; a failed revoke does not stop the guard', async () => {
    const client = fakeClient();
    renderIdp(AUTHORIZE, client, { authTokenParams });
    await screen.findByRole('heading', { name: 'Sign in to Shop with Example Project' });
    expect(client.session.revoke).not.toHaveBeenCalled();
    cleanup();
    const other = fakeClient();
    other.session.getSync.mockReturnValue(SESSION_RESPONSE.session as never);
    other.session.revoke.mockRejectedValue(apiError('session_not_found', 'gone'));
    renderIdp(AUTHORIZE, other, { authTokenParams });
    await screen.findByRole('heading', { name: 'Sign in to Shop with Example Project' });
    expect(other.session.attest).toHaveBeenCalled();
  });

  it("a refused token: reported, and the 'no active session' screen; no preflight", async () => {
    const client = fakeClient();
    client.session.attest.mockRejectedValue(apiError('unauthorized_credentials', 'bad token', 401));
    const { onError } = renderIdp(AUTHORIZE, client, { authTokenParams });
    await screen.findByText('No active session detected. Please log in to continue.');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ error_type: 'unauthorized_credentials' }));
    expect(client.idp.authorizeStart).not.toHaveBeenCalled();
  });
});

describe('Identity provider: logout', () => {
  it("confirmation needed: 'Log out?'; Yes revokes (errors ignored) and redirects", async () => {
    const client = fakeClient();
    client.session.revoke.mockRejectedValue(apiError('session_not_found', 'gone'));
    const { onEvent, container } = renderIdp(LOGOUT, client);
    const title = await screen.findByRole('heading', { name: 'Log out?' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(client.idp.logoutStart).toHaveBeenCalledWith({
      client_id: 'client-1',
      post_logout_redirect_uri: 'https://shop.example.com/',
      id_token_hint: 'idt',
      state: 'state-1',
    });
    expect(screen.getByText('Are you sure you want to log out of your Example Project account?')).toBeTruthy();
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://shop.example.com/?state=state-1'));
    expect(client.session.revoke).toHaveBeenCalledWith({ forceClear: true });
    expect(events(onEvent)).toContain('OAUTH_LOGOUT_FLOW_COMPLETE');
  });

  it("No: 'You have not been logged out. You may close this page.' and nothing revoked", async () => {
    const { client, container } = renderIdp(LOGOUT);
    fireEvent.click(await screen.findByRole('button', { name: 'No' }));
    const message = await screen.findByText('You have not been logged out. You may close this page.');
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(client.session.revoke).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('no confirmation needed: revokes and redirects at once', async () => {
    const client = fakeClient();
    client.idp.logoutStart.mockResolvedValue({
      status_code: 200,
      request_id: 'r',
      consent_required: false,
      redirect_uri: 'https://shop.example.com/?state=state-1',
    });
    renderIdp(LOGOUT, client);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://shop.example.com/?state=state-1'));
    expect(client.session.revoke).toHaveBeenCalledWith({ forceClear: true });
    expect(screen.queryByRole('button', { name: 'Yes' })).toBeNull();
  });

  it('a logout preflight error shows the error screen', async () => {
    const client = fakeClient();
    client.idp.logoutStart.mockRejectedValue(apiError('invalid_post_logout_redirect_uri', 'The post_logout_redirect_uri is not registered.'));
    renderIdp(LOGOUT, client);
    await screen.findByRole('heading', { name: 'Looks like there was an error!' });
    expect(screen.getByRole('alert').textContent).toBe('The post_logout_redirect_uri is not registered.');
    expect(client.session.revoke).not.toHaveBeenCalled();
  });
});

describe("Identity provider: the theme's hideHeaderText hides titles, never the messages", () => {
  const hidden = { styles: { hideHeaderText: true } };
  /** Shown to a person: not inside anything the theme hides visually. */
  const expectShown = (element: HTMLElement) => expect(element.closest('.vst-visually-hidden')).toBeNull();

  it("'Access to the application was denied.' after Deny", async () => {
    const client = fakeClient();
    client.idp.authorizeSubmit.mockResolvedValue(submitted(''));
    const { container } = renderIdp(AUTHORIZE, client, hidden);
    expect((await screen.findByRole('heading', { name: 'Sign in to Shop with Example Project' })).className).toContain('vst-visually-hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    const message = await screen.findByText('Access to the application was denied.');
    expectShown(message);
    await waitFor(() => expect(document.activeElement).toBe(message));
    await expectNoAxeViolations(container);
  });

  it("'No active session detected. Please log in to continue.' without a session", async () => {
    const client = fakeClient();
    client.idp.authorizeStart.mockRejectedValueOnce(apiError('user_unauthenticated', 'no session', 401));
    const { container } = renderIdp(AUTHORIZE, client, hidden);
    const message = await screen.findByText('No active session detected. Please log in to continue.');
    expectShown(message);
    await waitFor(() => expect(document.activeElement).toBe(message));
    await expectNoAxeViolations(container);
  });

  it("'You have not been logged out. You may close this page.' after No", async () => {
    const { container } = renderIdp(LOGOUT, fakeClient(), hidden);
    expect((await screen.findByRole('heading', { name: 'Log out?' })).className).toContain('vst-visually-hidden');
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    const message = await screen.findByText('You have not been logged out. You may close this page.');
    expectShown(message);
    await waitFor(() => expect(document.activeElement).toBe(message));
    await expectNoAxeViolations(container);
  });
});

describe('Identity provider: prompt=login and max_age ask for a new sign-in', () => {
  const signedIn = (at: string): SessionResponse['session'] => ({
    ...SESSION_RESPONSE.session,
    authentication_factors: [{ type: 'otp', delivery_method: 'email', last_authenticated_at: at }],
  });
  const ASK_AGAIN = `${AUTHORIZE}&prompt=login%20consent&max_age=300`;

  function clientAskingAgain() {
    const client = fakeClient();
    let listener: ((session: SessionResponse['session'] | null) => void) | undefined;
    client.session.onChange.mockImplementation((cb) => {
      listener = cb;
      return () => undefined;
    });
    client.session.getSync.mockReturnValue(signedIn('2024-01-01T00:00:00Z') as never);
    client.idp.authorizeStart.mockResolvedValueOnce({ ...AUTHORIZE_START, consent_required: false, scope_results: [], reauthentication_required: true });
    return { client, change: (session: SessionResponse['session']) => act(() => listener?.(session)) };
  }

  it("says '{clientName} asks you to sign in again', tells the host, and issues nothing until a newer sign-in; then the request runs again without prompt=login", async () => {
    const { client, change } = clientAskingAgain();
    const { onEvent, container } = renderIdp(ASK_AGAIN, client, { styles: { hideHeaderText: true } });
    const message = await screen.findByText('Shop asks you to sign in again. Please log in to continue.');
    expect(message.closest('.vst-visually-hidden')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(events(onEvent)).toContain('OAUTH_AUTHORIZE_FLOW_SIGN_IN_REQUIRED');
    expect(client.idp.authorizeStart.mock.calls[0]![0]).toMatchObject({ prompt: 'login consent', max_age: '300' });
    await expectNoAxeViolations(container);

    // A refresh of the same sign-in is no new sign-in.
    change(signedIn('2024-01-01T00:00:00Z'));
    expect(client.idp.authorizeStart).toHaveBeenCalledTimes(1);
    expect(client.idp.authorizeSubmit).not.toHaveBeenCalled();

    change(signedIn('2024-01-01T00:10:00Z'));
    fireEvent.click(await screen.findByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    // prompt=login met, and held by the server: the sign-in must be since the page asked (max_age the seconds since, and a margin).
    const again = client.idp.authorizeStart.mock.calls[1]![0];
    expect(again).toMatchObject({ prompt: 'consent' });
    expect(Number(again.max_age)).toBeGreaterThanOrEqual(10);
    expect(Number(again.max_age)).toBeLessThan(20);
    const submitted = client.idp.authorizeSubmit.mock.calls[0]![0];
    expect(submitted).toMatchObject({ prompt: 'consent', consent_granted: true });
    expect(Number(submitted.max_age)).toBeLessThan(20);
  });

  it('a session not read yet (its cookies there, as on a page a server drew): the first one read is the one there was, not a new sign-in', async () => {
    const { client, change } = clientAskingAgain();
    client.session.getSync.mockReturnValue(null);
    client.session.getTokens.mockReturnValue({ session_token: 'token', session_jwt: 'jwt' });
    renderIdp(ASK_AGAIN, client);
    await screen.findByText('Shop asks you to sign in again. Please log in to continue.');
    change(signedIn('2024-01-01T00:00:00Z'));
    expect(client.idp.authorizeStart).toHaveBeenCalledTimes(1);
    change(signedIn('2024-01-01T00:10:00Z'));
    await waitFor(() => expect(client.idp.authorizeStart).toHaveBeenCalledTimes(2));
  });

  it('after no session and a sign-in on the page, prompt=login is met: the request runs again without it', async () => {
    const client = fakeClient();
    let listener: ((session: SessionResponse['session'] | null) => void) | undefined;
    client.session.onChange.mockImplementation((cb) => {
      listener = cb;
      return () => undefined;
    });
    client.idp.authorizeStart.mockRejectedValueOnce(apiError('user_unauthenticated', 'no session', 401));
    const { onEvent } = renderIdp(`${AUTHORIZE}&prompt=login`, client);
    await screen.findByText('No active session detected. Please log in to continue.');
    expect(events(onEvent)).toContain('OAUTH_AUTHORIZE_FLOW_SIGN_IN_REQUIRED');
    act(() => listener?.(signedIn('2024-01-01T00:10:00Z')));
    await screen.findByRole('heading', { name: 'Sign in to Shop with Example Project' });
    expect(client.idp.authorizeStart.mock.calls[1]![0]).not.toHaveProperty('prompt');
    expect(Number(client.idp.authorizeStart.mock.calls[1]![0].max_age)).toBeLessThan(20);
  });
});
