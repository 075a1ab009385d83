import { afterEach, describe, expect, it, vi } from 'vitest';
import { StrictMode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { VestibuleLogin } from '../../src/index';
import type { LoginConfig, LoginMountOptions } from '../../src/types';
import { apiError, expectNoAxeViolations, fakeClient, loggedNames, LOGIN_OR_CREATE_RESPONSE, type FakeClient } from '../helpers';

afterEach(cleanup);

const EML: LoginConfig = { products: ['emailMagicLinks'] };

function renderLogin(config: LoginConfig = EML, extra: Partial<LoginMountOptions> = {}, client: FakeClient = fakeClient()) {
  const callbacks = { onEvent: vi.fn(), onError: vi.fn() };
  const view = render(<VestibuleLogin client={client} config={config} callbacks={callbacks} {...extra} />);
  return { client, callbacks, ...view };
}

function submitEmail(email: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
}

describe('Main', () => {
  it('has no accessibility violations (form, passkey button, notes, dividers)', async () => {
    const { container } = renderLogin({
      products: ['oauth', 'emailMagicLinks', 'passkeys'],
      oauthOptions: { providers: [{ type: 'google' }] },
    });
    await expectNoAxeViolations(container);
  });

  it('renders the title and the magic-link form', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign up or log in' })).toBeTruthy();
    const input = screen.getByLabelText('Email') as HTMLInputElement;
    expect(input.type).toBe('email');
    expect(input.required).toBe(true);
    expect(input.placeholder).toBe('example@email.com');
    expect(input.getAttribute('autocomplete')).toBe('username webauthn');
    expect(screen.getByRole('button', { name: 'Continue with email' })).toBeTruthy();
    expect(document.querySelector('.vestibule')).toBeTruthy();
  });

  it('logs render_login_screen once with the options and bootstrap, even in strict mode', async () => {
    const client = fakeClient();
    render(
      <StrictMode>
        <VestibuleLogin client={client} config={EML} />
      </StrictMode>,
    );
    await waitFor(() => expect(client.bootstrap.getAsync).toHaveBeenCalled());
    const renders = client.events.log.mock.calls.filter((c) => (c as unknown[])[0] === 'render_login_screen');
    expect(renders).toHaveLength(1);
    expect((renders[0] as unknown[])[1]).toEqual({ options: EML, bootstrap: client.bootstrap.getSync() });
  });

  it('on a first visit render_login_screen carries the fetched bootstrap, not the empty defaults', async () => {
    const defaults = { emailDomains: [], passwordConfig: null, displayWatermark: false, projectName: '', rbacPolicy: null };
    const fetched = { emailDomains: ['mail.example.com'], displayWatermark: true, projectName: 'Example Project' };
    const client = fakeClient({ bootstrap: defaults, freshBootstrap: fetched });
    render(<VestibuleLogin client={client} config={EML} />);
    await waitFor(() => expect(loggedNames(client)).toContain('render_login_screen'));
    const renders = client.events.log.mock.calls.filter((c) => (c as unknown[])[0] === 'render_login_screen');
    expect(renders).toHaveLength(1);
    expect((renders[0] as unknown[])[1]).toEqual({ options: EML, bootstrap: { ...defaults, ...fetched } });
  });

  it('when the bootstrap cannot be fetched, render_login_screen carries the cached copy', async () => {
    const client = fakeClient();
    client.bootstrap.getAsync.mockRejectedValue(new Error('offline'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<VestibuleLogin client={client} config={EML} />);
    await waitFor(() => expect(loggedNames(client)).toContain('render_login_screen'));
    expect(client.events.log).toHaveBeenCalledWith('render_login_screen', { options: EML, bootstrap: client.bootstrap.getSync() });
    warn.mockRestore();
  });

  it('refuses an invalid email under the field and makes no call', async () => {
    const { client, container } = renderLogin();
    submitEmail('not-an-email');
    const input = screen.getByLabelText('Email');
    const message = screen.getByText('Email format is invalid.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(message.id);
    expect(client.magicLinks.email.loginOrCreate).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('sends every emailMagicLinksOptions field', async () => {
    const config: LoginConfig = {
      products: ['emailMagicLinks'],
      emailMagicLinksOptions: {
        loginRedirectURL: 'https://app.example.com/login',
        signupRedirectURL: 'https://app.example.com/signup',
        loginExpirationMinutes: 15,
        signupExpirationMinutes: 60,
        createUserAsPending: true,
        domainHint: 'example.com',
      },
    };
    const { client } = renderLogin(config);
    submitEmail('ada@example.com');
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(client.magicLinks.email.loginOrCreate).toHaveBeenCalledWith('ada@example.com', {
      loginMagicLinkUrl: 'https://app.example.com/login',
      signupMagicLinkUrl: 'https://app.example.com/signup',
      loginExpirationMinutes: 15,
      signupExpirationMinutes: 60,
      createUserAsPending: true,
      locale: 'en',
    });
  });

  it('defaults both expirations to 30 minutes', async () => {
    const { client } = renderLogin();
    submitEmail('ada@example.com');
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(client.magicLinks.email.loginOrCreate).toHaveBeenCalledWith('ada@example.com', {
      loginMagicLinkUrl: undefined,
      signupMagicLinkUrl: undefined,
      loginExpirationMinutes: 30,
      signupExpirationMinutes: 30,
      createUserAsPending: undefined,
      locale: 'en',
    });
  });

  it('on success logs email_sent, reports MAGIC_LINK_LOGIN_OR_CREATE and moves focus to the new heading', async () => {
    const { client, callbacks } = renderLogin();
    submitEmail('ada@example.com');
    const heading = await screen.findByRole('heading', { name: 'Check your email' });
    expect(client.events.log).toHaveBeenCalledWith('email_sent', { email: 'ada@example.com', type: 'email_magic_links' });
    expect(callbacks.onEvent).toHaveBeenCalledWith({ type: 'MAGIC_LINK_LOGIN_OR_CREATE', data: LOGIN_OR_CREATE_RESPONSE });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('disables the submit button and shows a spinner while the call is pending', async () => {
    const client = fakeClient();
    let resolve!: (value: typeof LOGIN_OR_CREATE_RESPONSE) => void;
    client.magicLinks.email.loginOrCreate.mockImplementation(() => new Promise((r) => (resolve = r)));
    renderLogin(EML, {}, client);
    submitEmail('ada@example.com');
    const button = screen.getByRole('button', { name: 'Continue with email' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('.vst-spinner')).toBeTruthy();
    fireEvent.click(button);
    expect(client.magicLinks.email.loginOrCreate).toHaveBeenCalledTimes(1);
    resolve(LOGIN_OR_CREATE_RESPONSE);
    await screen.findByRole('heading', { name: 'Check your email' });
  });

  it('shows the catalogue message for an API error under the field and reports it to onError', async () => {
    const client = fakeClient();
    client.magicLinks.email.loginOrCreate.mockRejectedValue(apiError('inactive_email', 'server words'));
    const { callbacks, container } = renderLogin(EML, {}, client);
    submitEmail('ada@example.com');
    const message = await screen.findByText(/This email address is marked as inactive/);
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toBe(message.id);
    expect(callbacks.onError).toHaveBeenCalledWith(expect.objectContaining({ error_type: 'inactive_email' }));
    expect((screen.getByRole('button', { name: 'Continue with email' }) as HTMLButtonElement).disabled).toBe(false);
    expect(loggedNames(client)).not.toContain('email_sent');
    await expectNoAxeViolations(container);
  });

  it("falls back to the server's message for an error type outside the catalogue", async () => {
    const client = fakeClient();
    client.magicLinks.email.loginOrCreate.mockRejectedValue(apiError('invalid_redirect_url', 'The redirect URL is not allowed.'));
    renderLogin(EML, {}, client);
    submitEmail('ada@example.com');
    expect(await screen.findByText('The redirect URL is not allowed.')).toBeTruthy();
  });

  it('shows the passkeys-alone configuration error in place of the form', async () => {
    const { container } = renderLogin({ products: ['passkeys'] });
    expect(screen.getByText('Error: Cannot use Passkeys by itself, please add another product to the config.')).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('shows the EML-and-email-OTP configuration error in place of the form', () => {
    renderLogin({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms', 'email'] } });
    expect(screen.getByText('Error: Cannot use both EML and Email OTP')).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('EML with SMS-only OTP is not a configuration error: Email and Text tabs, the magic-link form first', () => {
    renderLogin({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } });
    expect(screen.queryByText('Error: Cannot use both EML and Email OTP')).toBeNull();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Email', 'Text']);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with email' })).toBeTruthy();
  });

  it('no sentence stands in for wallets any more; the OAuth buttons sit below the form when configured so', () => {
    const { container } = renderLogin({
      products: ['emailMagicLinks', 'oauth', 'crypto', 'passwords'],
      oauthOptions: { providers: [{ type: 'google' }], position: 'below' },
    });
    expect(screen.queryByText(/not available yet/)).toBeNull();
    const text = container.textContent ?? '';
    expect(text.indexOf('Continue with email')).toBeLessThan(text.indexOf('Continue with Google'));
    expect(screen.getAllByText('or').length).toBeGreaterThan(0);
  });

  it('puts the OAuth buttons above the form by default, separated by an "or" divider', () => {
    const { container } = renderLogin({ products: ['emailMagicLinks', 'oauth'], oauthOptions: { providers: [{ type: 'google' }] } });
    const oauth = screen.getByRole('button', { name: 'Continue with Google' });
    const divider = container.querySelector('.vst-divider')!;
    const form = screen.getByLabelText('Email');
    expect(divider.textContent).toBe('or');
    expect(oauth.compareDocumentPosition(divider) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(divider.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the logo within its size limits and hides the header text visually when asked', () => {
    renderLogin(EML, { styles: { hideHeaderText: true, logo: { logoImageUrl: 'https://example.com/logo.png' } } });
    const logo = screen.getByRole('img') as HTMLImageElement;
    expect(logo.src).toBe('https://example.com/logo.png');
    expect(logo.alt).toBe('Example Project');
    expect(logo.className).toBe('vst-logo');
    const heading = screen.getByRole('heading', { name: 'Sign up or log in' });
    expect(heading.className).toContain('vst-visually-hidden');
  });

  it('shows the watermark when the refreshed bootstrap says so', async () => {
    const client = fakeClient({ freshBootstrap: { displayWatermark: true } });
    const { container } = renderLogin(EML, {}, client);
    expect(screen.queryByText('Powered by')).toBeNull();
    const footer = (await screen.findByText('Powered by')).closest('footer')!;
    expect(footer.querySelector('a')).toBeNull();
    expect(footer.querySelector('svg')?.getAttribute('width')).toBe('150');
    expect(screen.getByRole('img', { name: 'Vestibule' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it.each([true, false])(
    'on a first visit the footer has its room from the first render, hidden; the answer (watermark %s) moves nothing',
    async (displayWatermark) => {
      const client = fakeClient({ freshBootstrap: { displayWatermark } });
      client.bootstrap.isKnown.mockReturnValue(false);
      const { container } = renderLogin(EML, {}, client);
      const footer = () => container.querySelector('footer.vst-watermark');
      expect(footer()?.className).toContain('vst-watermark--reserved');
      expect(footer()?.getAttribute('aria-hidden')).toBe('true');
      await waitFor(() => expect(client.bootstrap.getAsync).toHaveBeenCalled());
      await waitFor(() => expect(footer()?.className.includes('vst-watermark--reserved')).toBe(!displayWatermark));
      expect(footer()).not.toBeNull();
    },
  );
});
