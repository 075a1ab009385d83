import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { OAUTH_PROVIDER_TYPES } from '@vestibule/contract/oauth-providers';
import { VestibuleLogin } from '../../../src/index';
import { PROVIDER_NAMES } from '../../../src/features/oauth/strings';
import type { LoginConfig } from '../../../src/types';
import { expectNoAxeViolations, fakeClient, type FakeClient } from '../../helpers';

afterEach(cleanup);

function renderLogin(config: LoginConfig, client: FakeClient = fakeClient()) {
  const callbacks = { onEvent: vi.fn(), onError: vi.fn() };
  const view = render(<VestibuleLogin client={client} config={config} callbacks={callbacks} />);
  return { client, callbacks, ...view };
}

const ALL: LoginConfig = { products: ['oauth'], oauthOptions: { providers: OAUTH_PROVIDER_TYPES.map((type) => ({ type })) } };

const buttonNames = (container: HTMLElement) =>
  within(container.querySelector('.vst-oauth-buttons')!)
    .getAllByRole('button')
    .map((button) => button.textContent);

describe("Main's OAuth buttons", () => {
  it('has no accessibility violations with all 19 providers, marks drawn', async () => {
    const { container } = renderLogin({ ...ALL, products: ['oauth', 'emailMagicLinks'] });
    await waitFor(() => expect(container.querySelectorAll('svg.vst-oauth-logo')).toHaveLength(19));
    await expectNoAxeViolations(container);
  });

  it("shows one 'Continue with …' button per configured provider, in configuration order", async () => {
    const { container } = renderLogin({ products: ['oauth'], oauthOptions: { providers: [{ type: 'github' }, { type: 'google' }, { type: 'twitter' }] } });
    expect(buttonNames(container)).toEqual(['Continue with GitHub', 'Continue with Google', 'Continue with X']);
    await expectNoAxeViolations(container);
  });

  it('names every one of the 19 providers', () => {
    renderLogin(ALL);
    for (const type of OAUTH_PROVIDER_TYPES) expect(screen.getByRole('button', { name: `Continue with ${PROVIDER_NAMES[type]}` })).toBeTruthy();
  });

  it('draws each mark as decorative: hidden from assistive technology, the text names the provider', async () => {
    const { container } = renderLogin(ALL);
    await waitFor(() => expect(container.querySelectorAll('svg.vst-oauth-logo')).toHaveLength(19));
    for (const svg of container.querySelectorAll('svg.vst-oauth-logo')) expect(svg.getAttribute('aria-hidden')).toBe('true');
  });

  it('are buttons in the tab order', () => {
    renderLogin(ALL);
    for (const button of screen.getAllByRole('button', { name: /^Continue with / })) {
      expect(button.tagName).toBe('BUTTON');
      expect(button.tabIndex).toBe(0);
    }
  });

  it('sit above the form by default and below it when configured so, with the "or" divider', async () => {
    const providers = [{ type: 'google' as const }];
    const above = renderLogin({ products: ['emailMagicLinks', 'oauth'], oauthOptions: { providers } });
    await expectNoAxeViolations(above.container);
    const order = () => (above.container.textContent ?? '').replace(/\s+/g, ' ');
    expect(order()).toMatch(/Continue with Google.*or.*Continue with email/);
    cleanup();
    const below = renderLogin({ products: ['emailMagicLinks', 'oauth'], oauthOptions: { providers, position: 'below' } });
    expect((below.container.textContent ?? '').replace(/\s+/g, ' ')).toMatch(/Continue with email.*or.*Continue with Google/);
  });

  it("a click starts the provider's flow with the redirect URLs of oauthOptions and the entry's scopes and parameters", async () => {
    const { client, container } = renderLogin({
      products: ['oauth'],
      oauthOptions: {
        providers: [
          { type: 'google', custom_scopes: ['https://www.googleapis.com/auth/calendar.readonly'], provider_params: { prompt: 'select_account' } },
          { type: 'github' },
        ],
        loginRedirectURL: 'https://app.example.com/login',
        signupRedirectURL: 'https://app.example.com/signup',
      },
    });
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(client.oauth.google.start).toHaveBeenCalledTimes(1));
    expect(client.oauth.google.start).toHaveBeenCalledWith({
      login_redirect_url: 'https://app.example.com/login',
      signup_redirect_url: 'https://app.example.com/signup',
      custom_scopes: ['https://www.googleapis.com/auth/calendar.readonly'],
      provider_params: { prompt: 'select_account' },
    });
    expect(client.oauth.github.start).not.toHaveBeenCalled();
    // The page is leaving: the pressed button spins and the others wait.
    expect(screen.getByRole('button', { name: 'Continue with Google' }).getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('button', { name: 'Continue with GitHub' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('the buttons are ready again when Back restores the page from the cache', async () => {
    const { client } = renderLogin({ products: ['oauth'], oauthOptions: { providers: [{ type: 'apple' }] } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Apple' }));
    await waitFor(() => expect(client.oauth.apple.start).toHaveBeenCalled());
    await Promise.resolve();
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Continue with Apple' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it('a start that fails says so in the banner and tells onError', async () => {
    const client = fakeClient();
    client.oauth.google.start.mockRejectedValue(
      Object.assign(new Error('Social sign-in needs localStorage, which this page cannot use.'), { error_type: 'sdk_error' }),
    );
    const { callbacks, container } = renderLogin({ products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }] } }, client);
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Social sign-in needs localStorage, which this page cannot use.')).toBeTruthy();
    expect(callbacks.onError).toHaveBeenCalledWith(expect.objectContaining({ error_type: 'sdk_error' }));
    expect((screen.getByRole('button', { name: 'Continue with Google' }) as HTMLButtonElement).disabled).toBe(false);
    await expectNoAxeViolations(container);
  });
});
