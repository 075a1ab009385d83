import { afterEach, describe, expect, it } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { mountAccount } from '../../src/vanilla/index';
import { expectNoAxeViolations } from '../helpers';
import { accountClient } from './account-helpers';

const unmounts: (() => void)[] = [];
afterEach(() => {
  act(() => {
    for (const unmount of unmounts.splice(0)) unmount();
  });
  document.body.innerHTML = '';
});

describe('mountAccount', () => {
  it('renders the account page into the element (loaded on first use), with no accessibility violations', async () => {
    const el = document.createElement('div');
    el.id = 'account';
    document.body.appendChild(el);
    const { client } = accountClient();
    act(() => unmounts.push(mountAccount({ elementId: '#account', client, config: { products: ['emailMagicLinks'] } })));
    await waitFor(() => expect(el.querySelector('h1')?.textContent).toBe('Your account'));
    await waitFor(() => expect(el.querySelector('h2')?.textContent).toBe('Email addresses'));
    await waitFor(() => expect(el.querySelector('.vst-loading')).toBeNull());
    expect(el.textContent).toContain('ada@example.com');
    await expectNoAxeViolations(el);
  });

  it('in a shadow root, with the stylesheet inside it, under the nonce', async () => {
    const el = document.createElement('div');
    el.id = 'shadowed';
    document.body.appendChild(el);
    const { client } = accountClient();
    act(() =>
      unmounts.push(mountAccount({ elementId: '#shadowed', client, nonce: 'n0nce', config: { products: ['emailMagicLinks'], enableShadowDOM: true } })),
    );
    const root = () => el.querySelector('.vestibule-host')?.shadowRoot;
    await waitFor(() => expect(root()?.querySelector('h1')?.textContent).toBe('Your account'));
    // The one sheet the shell injects, which the page's rules join (Vitest leaves CSS files empty, so its text is not compared).
    const sheets = [...root()!.querySelectorAll('style')];
    expect(sheets.map((style) => style.nonce || style.getAttribute('nonce'))).toEqual(['n0nce']);
  });
});
