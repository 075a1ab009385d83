import { afterEach, describe, expect, it } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { findElement, mountLogin, mountIdentityProvider, mountPasskeyRegistration, mountPasswordReset } from '../src/vanilla/index';
import { expectNoAxeViolations, fakeClient } from './helpers';

const unmounts: (() => void)[] = [];
afterEach(() => {
  act(() => {
    for (const unmount of unmounts.splice(0)) unmount();
  });
  document.body.innerHTML = '';
  for (const style of document.head.querySelectorAll('style[data-vestibule]')) style.remove();
});

function host(id = 'login'): HTMLElement {
  const el = document.createElement('div');
  el.id = id;
  document.body.appendChild(el);
  return el;
}

describe('vanilla mount functions', () => {
  it('mountLogin renders the widget into the selected element, with no accessibility violations', async () => {
    const el = host();
    act(() => unmounts.push(mountLogin({ elementId: '#login', client: fakeClient(), config: { products: ['emailMagicLinks'] } })));
    await waitFor(() => expect(el.querySelector('h1')?.textContent).toBe('Sign up or log in'));
    expect(el.querySelector('.vestibule')).toBeTruthy();
    await expectNoAxeViolations(el);
  });

  it('throws an Error naming a selector that matches nothing', () => {
    const options = { client: fakeClient(), config: { products: ['emailMagicLinks' as const] } };
    expect(() => mountLogin({ elementId: '#nope', ...options })).toThrow('Vestibule: no element matches the selector "#nope"');
    expect(() => mountPasswordReset({ elementId: '.missing', passwordResetToken: 't', ...options })).toThrow(/"\.missing"/);
    expect(() => mountPasskeyRegistration({ elementId: '#none', ...options })).toThrow(/"#none"/);
    expect(() => mountIdentityProvider({ elementId: '#gone', client: fakeClient() })).toThrow(/"#gone"/);
  });

  it('with a public token instead of a client, makes the client itself: one per token, shared by the widgets', async () => {
    host('a');
    host('b');
    const calls: string[] = [];
    const fetch = (async (input: RequestInfo | URL) => {
      calls.push(String(input));
      return new Response(JSON.stringify({ error_type: 'unavailable' }), { status: 503, headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const options = { publicToken: 'public-token-test-plain', apiBaseUrl: 'http://api.test', fetch, config: { products: ['emailMagicLinks' as const] } };
    act(() => unmounts.push(mountLogin({ elementId: '#a', ...options }), mountLogin({ elementId: '#b', ...options })));
    await waitFor(() => expect(document.querySelectorAll('h1')).toHaveLength(2));
    // Both widgets ask for the bootstrap through the one client, which caches the answer per token.
    await waitFor(() => expect(calls.some((url) => url.startsWith('http://api.test/'))).toBe(true));
    expect(calls.filter((url) => url.includes('bootstrap'))).toHaveLength(1);
  });

  it('without a client or a public token, says so', () => {
    host();
    expect(() => mountLogin({ elementId: '#login', config: { products: ['emailMagicLinks'] } } as never)).toThrow(
      'Vestibule: a mount needs a client or a publicToken to make one.',
    );
  });

  it('accepts a bare id and an invalid selector that is an id', () => {
    const el = host('plain');
    expect(findElement('plain')).toBe(el);
    const odd = host('1st');
    expect(findElement('1st')).toBe(odd);
  });

  it('returns an unmount function that empties the element and removes the style element', async () => {
    const el = host();
    let unmount!: () => void;
    act(() => {
      unmount = mountLogin({ elementId: '#login', client: fakeClient(), config: { products: ['emailMagicLinks'] } });
    });
    await waitFor(() => expect(el.querySelector('h1')).toBeTruthy());
    expect(document.head.querySelectorAll('style[data-vestibule]')).toHaveLength(1);
    act(() => unmount());
    expect(el.innerHTML).toBe('');
    expect(document.head.querySelectorAll('style[data-vestibule]')).toHaveLength(0);
  });

  it('injects one style element into the head for several widgets, with the nonce', async () => {
    host('a');
    host('b');
    const options = { client: fakeClient(), config: { products: ['emailMagicLinks' as const] }, nonce: 'n0nce' };
    act(() => {
      unmounts.push(mountLogin({ elementId: '#a', ...options }));
      unmounts.push(mountLogin({ elementId: '#b', ...options }));
    });
    await waitFor(() => expect(document.querySelectorAll('h1')).toHaveLength(2));
    const styles = document.head.querySelectorAll('style[data-vestibule]');
    expect(styles).toHaveLength(1);
    expect(styles[0]!.getAttribute('nonce')).toBe('n0nce');
  });

  it('with enableShadowDOM renders inside a shadow root that holds the style element', async () => {
    const el = host();
    act(() =>
      unmounts.push(
        mountLogin({
          elementId: '#login',
          client: fakeClient(),
          config: { products: ['emailMagicLinks'], enableShadowDOM: true },
          nonce: 'shadow-nonce',
        }),
      ),
    );
    const shadowHost = await waitFor(() => {
      const found = el.querySelector('.vestibule-host');
      expect(found?.shadowRoot?.querySelector('h1')).toBeTruthy();
      return found!;
    });
    const root = shadowHost.shadowRoot!;
    const style = root.querySelector('style[data-vestibule]');
    expect(style).toBeTruthy();
    expect(style!.getAttribute('nonce')).toBe('shadow-nonce');
    expect(style!.tagName).toBe('STYLE');
    expect(document.head.querySelector('style[data-vestibule]')).toBeNull();
    expect(root.querySelector('.vestibule h1')?.textContent).toBe('Sign up or log in');
    expect(el.querySelector('h1')).toBeNull();
    await expectNoAxeViolations(root.querySelector('.vestibule')!);
  });
});
