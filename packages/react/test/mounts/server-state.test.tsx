import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { sessionMark } from '@vestibule/client';
import { renderToReadableStream } from 'react-dom/server.browser';
import { VestibuleAccount, VestibuleIdentityProvider, VestibulePasskeyRegistration, VestibulePasswordReset, type ServerState } from '../../src/index';
import { AUTHORIZE_START, BOOTSTRAP as CLIENT_BOOTSTRAP, fakeClient, thisDevice, USER, type FakeClient } from '../helpers';

/**
 * The four mounts whose first screen depends on the session or the page's address, drawn by a
 * server from what it read (serverState), then hydrated with the same: the server's HTML already
 * holds the screen, hydration says nothing and changes nothing, and the browser does not ask again
 * what the server read. (The real server, browsers and React 18 and 19: e2e/server-rendering.spec.ts.)
 */

/** What react-dom/server sends once every lazy part is in, as a host's server does (onAllReady). */
async function serverHtml(element: ReactElement): Promise<string> {
  const stream = await renderToReadableStream(element);
  await stream.allReady;
  return new Response(stream).text();
}

/**
 * Hydrates the server's HTML with the same element, on the page the server drew (its address, or
 * `address`): what React said, and the page's text before and after.
 */
async function hydrated(element: ReactElement<{ serverState?: ServerState }>, address?: string) {
  window.history.replaceState(null, '', `/page${address ?? element.props.serverState?.search ?? ''}`);
  const html = await serverHtml(element);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const served = container.textContent;
  const said = vi.spyOn(console, 'error');
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, element, { onRecoverableError: (error) => recoverable.push(error) });
  });
  // What hydration set going settles (lazy screens, effects).
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  // Both renderers in one process (a server and a browser are two) share the context objects: React says so, which is no fault of the page.
  const twoRenderers = (call: unknown[]) => String(call[0]).startsWith('Detected multiple renderers concurrently rendering the same context provider');
  return { html, served, container, said: said.mock.calls.filter((call) => !twoRenderers(call)), recoverable };
}

// The server read this a moment ago: the times read the same once the browser's clock takes over.
const NOW = Date.now();
const DEVICE = thisDevice(NOW);
const BOOTSTRAP = { ...CLIENT_BOOTSTRAP, projectName: 'Acme' };
/** The browser's session cookie (freshClient's), and the mark the host's server put beside what it read with it. */
const SESSION_TOKEN = 'token';
const signedIn = (extra: Partial<ServerState> = {}): ServerState => ({
  search: '',
  now: NOW,
  user: USER,
  session: sessionMark(SESSION_TOKEN),
  devices: [DEVICE],
  bootstrap: BOOTSTRAP,
  ...extra,
});
const CONFIG = { products: ['otp', 'passwords', 'passkeys'] as ('otp' | 'passwords' | 'passkeys')[], otpOptions: { methods: ['email' as const] } };

/** A client that has not read the session yet (nothing in its storage), the session cookies there. */
function freshClient(): FakeClient {
  const client = fakeClient({ user: null, bootstrap: BOOTSTRAP });
  client.session.getTokens.mockReturnValue({ session_token: SESSION_TOKEN, session_jwt: 'jwt' });
  return client;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('server rendering with serverState', () => {
  it("the account page: the user's sections and devices on the server, hydrated the same, the devices not fetched again", async () => {
    const client = freshClient();
    const { html, served, container, said, recoverable } = await hydrated(<VestibuleAccount client={client} config={CONFIG} serverState={signedIn()} />);
    expect(html).toContain('>Your account</h1>');
    expect(html).toContain('ada@example.com');
    expect(html).toContain('Signed-in devices');
    expect(html).toContain('Chrome 131 on macOS 15');
    expect(html).toContain('This device');
    expect(html).not.toContain('vst-loading');
    expect(said).toEqual([]);
    expect(recoverable).toEqual([]);
    expect(container.textContent).toBe(served);
    expect(client.account.sessions).not.toHaveBeenCalled();
  });

  it('the account page signed out: the sentence that says so, on the server and after', async () => {
    const client = fakeClient({ user: null });
    const { html, served, container, said } = await hydrated(
      <VestibuleAccount client={client} config={CONFIG} serverState={{ search: '', now: NOW, user: null, session: null }} />,
    );
    expect(html).toContain('You are not signed in. Sign in to manage your account.');
    expect(said).toEqual([]);
    expect(container.textContent).toBe(served);
  });

  it("passkey registration: 'Set up a new Passkey' for the user the server saw", async () => {
    const client = freshClient();
    const { html, served, container, said, recoverable } = await hydrated(
      <VestibulePasskeyRegistration client={client} config={{ products: ['passkeys'] }} serverState={signedIn({ devices: undefined })} />,
    );
    expect(html).toContain('>Set up a new Passkey</h1>');
    expect(said).toEqual([]);
    expect(recoverable).toEqual([]);
    expect(container.textContent).toBe(served);
  });

  it('the reset page: the form for a working link, the dead-link screen for a used one, checked by the server alone', async () => {
    const search = '?vestibule_token_type=reset_password&token=tok-r';
    for (const [passwordReset, heading] of [
      [{ token: 'tok-r', check: 'valid', email: 'ada@example.com' }, 'Reset your password'],
      [{ token: 'tok-r', check: 'dead' }, 'This reset link no longer works'],
    ] as const) {
      const client = fakeClient();
      const { html, served, container, said, recoverable } = await hydrated(
        <VestibulePasswordReset
          client={client}
          config={{ products: ['passwords'] }}
          passwordResetToken="tok-r"
          serverState={{ search, now: NOW, user: null, session: null, passwordReset }}
        />,
      );
      expect(html).toContain(`>${heading}</h1>`);
      expect(said).toEqual([]);
      expect(recoverable).toEqual([]);
      expect(container.textContent).toBe(served);
      expect(client.passwords.checkResetToken).not.toHaveBeenCalled();
      document.body.innerHTML = '';
    }
  });

  it("the reset page: a check made for another token than the mount's is not used", async () => {
    const client = fakeClient();
    await hydrated(
      <VestibulePasswordReset
        client={client}
        config={{ products: ['passwords'] }}
        passwordResetToken="tok-other"
        serverState={{ search: '', now: NOW, user: null, session: null, passwordReset: { token: 'tok-r', check: 'dead' } }}
      />,
    );
    expect(client.passwords.checkResetToken).toHaveBeenCalledWith('tok-other');
  });

  const authorize = '?client_id=client-1&redirect_uri=https%3A%2F%2Fshop.example.com%2Fcallback&scope=openid+email+profile&state=s1';

  it("the identity provider: the consent screen from the server's preflight, which the browser does not make again", async () => {
    const client = freshClient();
    const { html, served, container, said, recoverable } = await hydrated(
      <VestibuleIdentityProvider client={client} serverState={signedIn({ search: authorize, idp: { authorize: AUTHORIZE_START } })} />,
    );
    // The project's name from the server's bootstrap, as the browser's copy has it.
    expect(html).toContain('>Sign in to Shop with Acme</h1>');
    expect(html).toContain('Allow');
    expect(html).not.toContain('vst-loading');
    expect(said).toEqual([]);
    expect(recoverable).toEqual([]);
    expect(container.textContent).toBe(served);
    expect(client.idp.authorizeStart).not.toHaveBeenCalled();
  });

  it("the identity provider signed out: 'no active session' on the server; the host hears it once, and a sign-in starts the request", async () => {
    const client = fakeClient();
    let signIn: ((session: unknown) => void) | undefined;
    client.session.onChange.mockImplementation((callback) => {
      signIn = callback as (session: unknown) => void;
      return () => undefined;
    });
    const onError = vi.fn();
    const error = { error_type: 'user_unauthenticated', error_message: 'No session.' };
    const { html, served, container, said } = await hydrated(
      <VestibuleIdentityProvider
        client={client}
        callbacks={{ onError }}
        serverState={{ search: authorize, now: NOW, user: null, session: null, idp: { error } }}
      />,
    );
    expect(html).toContain('No active session detected. Please log in to continue.');
    expect(said).toEqual([]);
    expect(container.textContent).toBe(served);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ error_type: 'user_unauthenticated' });
    expect(client.idp.authorizeStart).not.toHaveBeenCalled();
    // Waiting for a sign-in, as after the browser's own preflight: one comes, the request runs.
    await act(async () => signIn?.({ session_id: 'session-1', authentication_factors: [] }));
    expect(client.idp.authorizeStart).toHaveBeenCalledTimes(1);
  });

  it("what would act without the person waits for the browser's own preflight: the server may have seen another session", async () => {
    const logoutQuery = '?client_id=client-1&post_logout_redirect_uri=https%3A%2F%2Fshop.example.com%2Fout';
    // The server saw nobody, so no need to ask: this browser is signed in, and is asked (the fake's preflight asks).
    const out = freshClient();
    const withoutAsking = { status_code: 200 as const, request_id: 'r', consent_required: false, redirect_uri: 'https://shop.example.com/out' };
    await hydrated(<VestibuleIdentityProvider client={out} serverState={signedIn({ search: logoutQuery, idp: { logout: withoutAsking } })} />);
    await vi.waitFor(() => expect(out.idp.logoutStart).toHaveBeenCalledTimes(1));
    expect(out.session.revoke).not.toHaveBeenCalled();
    expect(document.body.textContent).toContain('Log out?');
    document.body.innerHTML = '';

    // Consent the server's session had given: nothing is submitted for this browser before its own preflight.
    const submit = freshClient();
    await hydrated(
      <VestibuleIdentityProvider
        client={submit}
        serverState={signedIn({ search: authorize, idp: { authorize: { ...AUTHORIZE_START, consent_required: false } } })}
      />,
    );
    await vi.waitFor(() => expect(submit.idp.authorizeStart).toHaveBeenCalledTimes(1));
    expect(submit.idp.authorizeSubmit).not.toHaveBeenCalled();
    document.body.innerHTML = '';

    // The server saw no session; this browser has one: the request runs with it.
    const signedHere = freshClient();
    const error = { error_type: 'user_unauthenticated', error_message: 'No session.' };
    await hydrated(<VestibuleIdentityProvider client={signedHere} serverState={{ search: authorize, now: NOW, user: null, session: null, idp: { error } }} />);
    await vi.waitFor(() => expect(signedHere.idp.authorizeStart).toHaveBeenCalledTimes(1));
  });

  it('a page drawn for another session, or another request (a page from a cache): its screen only hydrates, the browser asks for its own', async () => {
    // Drawn for another session: the consent screen hydrates, then the browser's own preflight.
    const other = freshClient();
    const { said } = await hydrated(
      <VestibuleIdentityProvider
        client={other}
        serverState={signedIn({ search: authorize, session: sessionMark('another-session'), idp: { authorize: AUTHORIZE_START } })}
      />,
    );
    expect(said).toEqual([]);
    await vi.waitFor(() => expect(other.idp.authorizeStart).toHaveBeenCalledTimes(1));
    document.body.innerHTML = '';

    // Drawn for another request (a cache that keeps pages whatever their query): this page's request is the one asked.
    const cached = freshClient();
    await hydrated(
      <VestibuleIdentityProvider client={cached} serverState={signedIn({ search: authorize, idp: { authorize: AUTHORIZE_START } })} />,
      authorize.replace('state=s1', 'state=mine'),
    );
    await vi.waitFor(() => expect(cached.idp.authorizeStart).toHaveBeenCalledTimes(1));
    expect(cached.idp.authorizeStart.mock.calls[0]![0]).toMatchObject({ state: 'mine' });
    document.body.innerHTML = '';

    // Passkey registration drawn for another user: this browser's user once hydrated.
    const mine = freshClient();
    mine.user.getSync.mockReturnValue(null);
    const { container } = await hydrated(
      <VestibulePasskeyRegistration client={mine} config={{ products: ['passkeys'] }} serverState={signedIn({ session: sessionMark('another-session') })} />,
    );
    expect(container.textContent).toContain('Cannot use PasskeyRegistration component without active user authenticated.');
  });

  it("the identity provider's logout: 'Log out?' from the server's preflight", async () => {
    const client = freshClient();
    const search = '?client_id=client-1&post_logout_redirect_uri=https%3A%2F%2Fshop.example.com%2Fout';
    const logout = { status_code: 200 as const, request_id: 'r', consent_required: true, redirect_uri: 'https://shop.example.com/out' };
    const { html, served, container, said } = await hydrated(<VestibuleIdentityProvider client={client} serverState={signedIn({ search, idp: { logout } })} />);
    expect(html).toContain('Log out?');
    expect(html).toContain('Are you sure you want to log out of your Acme account?');
    expect(said).toEqual([]);
    expect(container.textContent).toBe(served);
    expect(client.idp.logoutStart).not.toHaveBeenCalled();
  });

  it("with authTokenParams the server's preflight is set aside: the session guard replaces the session first", async () => {
    const client = freshClient();
    const { html } = await hydrated(
      <VestibuleIdentityProvider
        client={client}
        authTokenParams={{ trustedAuthToken: 't', tokenProfileID: 'p' }}
        serverState={signedIn({ search: authorize, idp: { authorize: AUTHORIZE_START } })}
      />,
    );
    expect(html).toContain('vst-loading');
    await vi.waitFor(() => expect(client.idp.authorizeStart).toHaveBeenCalledTimes(1));
    expect(client.session.attest).toHaveBeenCalled();
  });

  it('without serverState each draws its loading state on the server, as before', async () => {
    const client = fakeClient();
    for (const element of [
      <VestibuleAccount key="a" client={client} config={CONFIG} />,
      <VestibulePasskeyRegistration key="p" client={client} config={{ products: ['passkeys'] }} />,
      <VestibulePasswordReset key="r" client={client} config={{ products: ['passwords'] }} passwordResetToken="t" />,
      <VestibuleIdentityProvider key="i" client={client} />,
    ]) {
      expect(await serverHtml(element)).toContain('class="vst-loading" role="status"');
    }
  });
});
