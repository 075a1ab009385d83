import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VestibuleLogin } from '../../../src/index';
import { ONE_TAP_DEFAULT_HEIGHT, ONE_TAP_RESIZE_DEBOUNCE_MS } from '../../../src/features/oauth/screens/OneTapRoom';
import type { GoogleAccountsId, PromptMomentNotification } from '../../../src/features/oauth/oneTap';
import type { LoginConfig, OAuthProviderEntry } from '../../../src/types';
import { apiError, expectNoAxeViolations, fakeClient, ONE_TAP_SUBMIT, type FakeClient } from '../../helpers';

/**
 * Google one-tap in the login widget against fakeClient and a fake google.accounts.id (the script
 * counts as loaded when window.google is there): the states, the container, the fallback button,
 * and the setup errors a developer sees with a test-style public token only.
 */
type Init = Parameters<GoogleAccountsId['initialize']>[0];
let gis: {
  initialize: ReturnType<typeof vi.fn>;
  prompt: ReturnType<typeof vi.fn>;
  cancel: ReturnType<typeof vi.fn>;
  options: () => Init;
  moment: (n: PromptMomentNotification) => void;
};

beforeEach(() => {
  let options: Init | undefined;
  let listener: ((n: PromptMomentNotification) => void) | undefined;
  const initialize = vi.fn((given: Init) => (options = given));
  const prompt = vi.fn((given?: (n: PromptMomentNotification) => void) => (listener = given));
  const cancel = vi.fn();
  window.google = { accounts: { id: { initialize, prompt, cancel } } };
  gis = { initialize, prompt, cancel, options: () => options!, moment: (n) => act(() => listener!(n)) };
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  delete window.google;
});

const displayed: PromptMomentNotification = { isDisplayed: () => true };
const skipped: PromptMomentNotification = { isDisplayed: () => false, isSkippedMoment: () => true };
const notDisplayed = (reason: string): PromptMomentNotification => ({
  isDisplayed: () => false,
  isNotDisplayed: () => true,
  getNotDisplayedReason: () => reason,
});

function renderLogin(entry: Partial<OAuthProviderEntry> = {}, client: FakeClient = fakeClient(), extra: Partial<LoginConfig> = {}) {
  const callbacks = { onEvent: vi.fn(), onError: vi.fn() };
  const config: LoginConfig = {
    products: ['oauth', 'emailMagicLinks'],
    oauthOptions: { providers: [{ type: 'google', one_tap: true, ...entry }, { type: 'github' }] },
    ...extra,
  };
  const view = render(<VestibuleLogin client={client} config={config} callbacks={callbacks} />);
  return {
    ...view,
    client,
    callbacks,
    // The container once its code has loaded (the room kept until then has no id).
    container: () => view.container.querySelector<HTMLElement>('.vst-onetap[id]')!,
    root: view.container,
  };
}

describe('Google one-tap', () => {
  it("keeps the container's 47 px from the first paint, while its code loads, so the buttons below do not move", () => {
    const { root } = renderLogin();
    expect(root.querySelector<HTMLElement>('.vst-onetap')?.style.height).toBe(`${ONE_TAP_DEFAULT_HEIGHT}px`);
  });

  it('keeps no room while loading when the container floats', () => {
    const { root } = renderLogin({ position: 'floating' });
    expect(root.querySelector('.vst-onetap')).toBeNull();
  });

  it('pending, then shown: initialize gets the client id, nonce, cancel_on_tap_outside and the container; the plain button stays', async () => {
    const { client, container, root } = renderLogin({ cancel_on_tap_outside: false });
    await waitFor(() => expect(container()).toBeTruthy());
    expect(container().dataset.state).toBe('pending');
    await waitFor(() => expect(gis.prompt).toHaveBeenCalled());
    expect(client.oauth.googleOneTap.start).toHaveBeenCalledWith({ login_redirect_url: undefined, signup_redirect_url: undefined });
    expect(gis.options()).toMatchObject({ client_id: 'google-client', nonce: 'nonce-1', cancel_on_tap_outside: false, prompt_parent_id: container().id });
    gis.moment(displayed);
    expect(container().dataset.state).toBe('shown');
    expect(container().hidden).toBe(false);
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    await expectNoAxeViolations(root);
  });

  it('in a shadow tree, where Google cannot find the container: no prompt_parent_id (Google places the prompt) and the container takes no room', async () => {
    const { root } = renderLogin({}, fakeClient(), { enableShadowDOM: true });
    await waitFor(() => expect(gis.initialize).toHaveBeenCalled());
    expect(gis.options().prompt_parent_id).toBeUndefined();
    const inShadow = root.querySelector('.vestibule-host')?.shadowRoot?.querySelector<HTMLElement>('.vst-onetap');
    expect(inShadow?.hidden).toBe(true);
  });

  it('cancel_on_tap_outside defaults to true; no one_tap entry loads nothing', async () => {
    renderLogin();
    await waitFor(() => expect(gis.initialize).toHaveBeenCalled());
    expect(gis.options().cancel_on_tap_outside).toBe(true);
    cleanup();
    const client = fakeClient();
    const view = render(<VestibuleLogin client={client} config={{ products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }] } }} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(view.container.querySelector('.vst-onetap')).toBeNull();
    expect(client.oauth.googleOneTap.start).not.toHaveBeenCalled();
  });

  it("the credential goes to the server with the nonce and the redirect URLs; the host is told and Google's button waits for the page to leave", async () => {
    const { client, callbacks } = renderLogin({}, fakeClient(), {
      oauthOptions: {
        providers: [{ type: 'google', one_tap: true }, { type: 'github' }],
        loginRedirectURL: 'https://host.test/in',
        signupRedirectURL: 'https://host.test/new',
      },
    });
    await waitFor(() => expect(gis.initialize).toHaveBeenCalled());
    gis.moment(displayed);
    await act(async () => gis.options().callback({ credential: 'id-token-from-google' }));
    expect(client.oauth.googleOneTap.submit).toHaveBeenCalledWith('id-token-from-google', {
      nonce: 'nonce-1',
      login_redirect_url: 'https://host.test/in',
      signup_redirect_url: 'https://host.test/new',
    });
    await waitFor(() => expect(callbacks.onEvent).toHaveBeenCalledWith({ type: 'OAUTH_ONE_TAP_SUBMIT', data: ONE_TAP_SUBMIT }));
    // The landing signs in; until the page leaves, Google's button spins and the others wait.
    const google = screen.getByRole('button', { name: /Continue with Google/ });
    expect(google.getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('button', { name: 'Continue with GitHub' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('cancelled when the user closes the prompt: the container takes no room, the button is the fallback', async () => {
    const { container } = renderLogin();
    await waitFor(() => expect(gis.prompt).toHaveBeenCalled());
    gis.moment(displayed);
    gis.moment(skipped);
    expect(container().dataset.state).toBe('cancelled');
    expect(container().hidden).toBe(true);
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
  });

  it('a refused credential: cancelled, the catalogue message, the button stays', async () => {
    const client = fakeClient();
    client.oauth.googleOneTap.submit.mockRejectedValueOnce(
      apiError('invalid_id_token', 'The Google sign-in could not be verified. Please try signing in again.', 401),
    );
    const { container } = renderLogin({}, client);
    await waitFor(() => expect(gis.initialize).toHaveBeenCalled());
    await act(async () => gis.options().callback({ credential: 'bad' }));
    await waitFor(() => expect(container().dataset.state).toBe('cancelled'));
    expect(await screen.findByText('The Google sign-in could not be verified. Please try signing in again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
  });

  it('the container is 47 px high until the prompt has a size, then follows it, debounced by 100 ms', async () => {
    const { container } = renderLogin();
    await waitFor(() => expect(gis.prompt).toHaveBeenCalled());
    expect(ONE_TAP_DEFAULT_HEIGHT).toBe(47);
    expect(ONE_TAP_RESIZE_DEBOUNCE_MS).toBe(100);
    expect(container().style.height).toBe('47px');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const prompt = document.createElement('div');
    Object.defineProperty(prompt, 'offsetHeight', { configurable: true, get: () => 180 });
    container().appendChild(prompt);
    fireEvent(window, new Event('resize'));
    await act(async () => vi.advanceTimersByTime(60));
    fireEvent(window, new Event('resize'));
    await act(async () => vi.advanceTimersByTime(99));
    expect(container().style.height).toBe('47px');
    await act(async () => vi.advanceTimersByTime(1));
    expect(container().style.height).toBe('180px');
  });

  it("honours position: 'floating' pins the container, 'embedded' keeps it in the widget", async () => {
    const floating = renderLogin({ position: 'floating' });
    await waitFor(() => expect(floating.container().classList.contains('vst-onetap-floating')).toBe(true));
    cleanup();
    const embedded = renderLogin({ position: 'embedded' });
    await waitFor(() => expect(embedded.container().classList.contains('vst-onetap-embedded')).toBe(true));
  });
});

describe('one-tap setup errors (developers only, for a test-style public token)', () => {
  const cases: Array<[string, (client: FakeClient) => void, string, PromptMomentNotification?]> = [
    [
      'no OAuth config',
      (c) => c.oauth.googleOneTap.start.mockRejectedValueOnce(apiError('oauth_config_not_found', 'Google sign-in is not configured for this project.')),
      'One-tap: the server has no Google OAuth configuration (set VESTIBULE_OAUTH_GOOGLE_CLIENT_ID).',
    ],
    [
      'no login redirect URLs',
      (c) =>
        c.oauth.googleOneTap.start.mockRejectedValueOnce(
          apiError('invalid_redirect_url', "login_redirect_url is not on the project's allowlist of redirect URLs."),
        ),
      "One-tap: the login redirect URL is not on the project's allowlist.",
    ],
    [
      'no signup redirect URLs',
      (c) =>
        c.oauth.googleOneTap.start.mockRejectedValueOnce(
          apiError('invalid_redirect_url', "signup_redirect_url is not on the project's allowlist of redirect URLs."),
        ),
      "One-tap: the signup redirect URL is not on the project's allowlist.",
    ],
    [
      'origin not allowed',
      () => undefined,
      "One-tap: this page's origin is not an authorized JavaScript origin of the Google client.",
      notDisplayed('unregistered_origin'),
    ],
    ['invalid client', () => undefined, 'One-tap: Google does not recognise the client id.', notDisplayed('invalid_client')],
  ];
  for (const [name, arrange, message, moment] of cases) {
    it(`${name}: said with a test token, not with a live one; the button stays`, async () => {
      const test = fakeClient();
      arrange(test);
      const view = renderLogin({}, test);
      if (moment) {
        await waitFor(() => expect(gis.prompt).toHaveBeenCalled());
        gis.moment(moment);
      }
      expect(await screen.findByText(message)).toBeTruthy();
      expect(view.container().dataset.state).toBe('cancelled');
      expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
      cleanup();

      const live = fakeClient();
      Object.assign(live, { publicToken: 'public-token-live-fake' });
      arrange(live);
      const liveView = renderLogin({}, live);
      if (moment) {
        await waitFor(() => expect(gis.prompt).toHaveBeenCalledTimes(2));
        gis.moment(moment);
      }
      await waitFor(() => expect(liveView.container().dataset.state).toBe('cancelled'));
      expect(screen.queryByText(message)).toBeNull();
    });
  }

  it('default provider not allowed: one_tap on a provider other than Google', async () => {
    const client = fakeClient();
    render(<VestibuleLogin client={client} config={{ products: ['oauth'], oauthOptions: { providers: [{ type: 'github', one_tap: true }] } }} />);
    expect(await screen.findByText('One-tap: only a Google entry may set one_tap.')).toBeTruthy();
    expect(client.oauth.googleOneTap.start).not.toHaveBeenCalled();
  });
});
