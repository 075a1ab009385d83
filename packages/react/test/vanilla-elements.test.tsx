import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { defineElements } from '../src/vanilla/index';
import { loadTranslation } from '../src/locales/choose';
import { fakeClient } from './helpers';

beforeAll(() => defineElements());
afterEach(() => {
  act(() => {
    document.body.innerHTML = '';
  });
  vi.restoreAllMocks();
});

/** An element as a page's HTML writes it. */
function place(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body.firstElementChild as HTMLElement;
}

const heading = (element: HTMLElement) => element.querySelector('h1')?.textContent;

describe('the mounts as custom elements', () => {
  it('<vestibule-login> draws from its attributes, and a property given later wins', async () => {
    const element = place(`<vestibule-login config='{"products":["emailMagicLinks"]}'></vestibule-login>`);
    (element as HTMLElement & { client: unknown }).client = fakeClient();
    await waitFor(() => expect(heading(element)).toBe('Sign up or log in'));
    expect(element.querySelector('input[type=email]')).toBeTruthy();
    // A property over the attribute: the passcode tabs replace the email form.
    act(() => {
      (element as HTMLElement & { config: unknown }).config = { products: ['otp'], otpOptions: { methods: ['sms', 'email'] } };
    });
    await waitFor(() => expect(element.querySelector('[role=tablist]')).toBeTruthy());
  });

  it('follows a changed attribute: the language and the colour scheme', async () => {
    const de = await loadTranslation('de');
    const element = place(`<vestibule-login config='{"products":["emailMagicLinks"]}'></vestibule-login>`);
    (element as HTMLElement & { client: unknown }).client = fakeClient();
    await waitFor(() => expect(heading(element)).toBe('Sign up or log in'));
    act(() => {
      element.setAttribute('locale', 'de');
      element.setAttribute('color-scheme', 'dark');
    });
    await waitFor(() => expect(heading(element)).toBe(de['Sign up or log in']));
    await waitFor(() => expect(element.querySelector('.vestibule')?.getAttribute('data-scheme')).toBe('dark'));
  });

  it('says what happens as DOM events, besides the callbacks property', async () => {
    const element = place(`<vestibule-login config='{"products":["emailMagicLinks"]}'></vestibule-login>`);
    const onEvent = vi.fn();
    const heard = vi.fn();
    element.addEventListener('vestibule-event', (event) => heard((event as CustomEvent).detail));
    Object.assign(element, { client: fakeClient(), callbacks: { onEvent } });
    await waitFor(() => expect(heading(element)).toBe('Sign up or log in'));
    const input = element.querySelector('input[type=email]') as HTMLInputElement;
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.change(input, { target: { value: 'ada@example.com' } });
    fireEvent.submit(input.form as HTMLFormElement);
    await waitFor(() => expect(heard).toHaveBeenCalledWith(expect.objectContaining({ type: 'MAGIC_LINK_LOGIN_OR_CREATE' })));
    expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'MAGIC_LINK_LOGIN_OR_CREATE' }));
  });

  it('without a public token or a client, says so on the console and draws nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const element = place(`<vestibule-login config='{"products":["emailMagicLinks"]}'></vestibule-login>`);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Vestibule: <vestibule-login> needs a public-token attribute (or a client property) to draw.'));
    expect(element.childElementCount).toBe(0);
  });

  it('a config attribute that is not JSON is said on the console and shown as the mistake it is', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const element = place(`<vestibule-login config="{products: [otp]}"></vestibule-login>`);
    (element as HTMLElement & { client: unknown }).client = fakeClient();
    await waitFor(() => expect(error).toHaveBeenCalledWith('Vestibule: the config attribute of <vestibule-login> is not JSON: {products: [otp]}'));
    await waitFor(() => expect(element.querySelector('.vestibule')?.textContent).toMatch(/config/i));
  });

  it('a token the client refuses is said once, on the console and as a vestibule-error event, and nothing is thrown', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const heard = vi.fn();
    document.body.addEventListener('vestibule-error', (event) => heard((event as CustomEvent).detail));
    const element = place(`<vestibule-login public-token="public-token-live-abc" config='{"products":["emailMagicLinks"]}'></vestibule-login>`);
    await waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/^Vestibule: <vestibule-login> cannot draw: A live public token needs an API base/));
    act(() => element.setAttribute('locale', 'de'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toHaveBeenCalledTimes(1);
    expect(element.childElementCount).toBe(0);
  });

  it('a property set to undefined gives the attribute back', async () => {
    const element = place(`<vestibule-login config='{"products":["emailMagicLinks"]}'></vestibule-login>`) as HTMLElement & {
      client: unknown;
      config: unknown;
    };
    element.client = fakeClient();
    act(() => {
      element.config = { products: ['otp'], otpOptions: { methods: ['sms', 'email'] } };
    });
    await waitFor(() => expect(element.querySelector('[role=tablist]')).toBeTruthy());
    act(() => {
      element.config = undefined;
    });
    await waitFor(() => expect(element.querySelector('[role=tablist]')).toBeNull());
    expect(heading(element)).toBe('Sign up or log in');
  });

  it('the other mounts are elements too', () => {
    for (const tag of ['vestibule-password-reset', 'vestibule-passkey-registration', 'vestibule-identity-provider', 'vestibule-account']) {
      expect(customElements.get(tag), tag).toBeTruthy();
    }
  });
});
