import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { VestibuleIdentityProvider } from '../../../src/index';
import { clientNameFallback, idpFlow, missingParam } from '../../../src/features/identity-provider/params';
import { expectNoAxeViolations, fakeClient } from '../../helpers';

function setSearch(search: string) {
  window.history.replaceState({}, '', `/idp${search}`);
}

afterEach(() => {
  cleanup();
  setSearch('');
});

async function renderIdp(search: string) {
  setSearch(search);
  const client = fakeClient();
  const view = render(<VestibuleIdentityProvider client={client} />);
  await screen.findByRole('heading');
  return { client, ...view };
}

const missing = (param: string) => `Required parameter is missing: ${param}. Please reach out to the application developer.`;

describe('Identity provider mount', () => {
  it('has no accessibility violations on the missing-parameter screen', async () => {
    const { container } = await renderIdp('?client_id=abc');
    await expectNoAxeViolations(container);
  });

  it('authorize without client_id says so', async () => {
    await renderIdp('?redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb');
    expect(screen.getByRole('alert').textContent).toBe(missing('client_id'));
  });

  it('authorize without redirect_uri says so', async () => {
    await renderIdp('?client_id=abc');
    expect(screen.getByRole('alert').textContent).toBe(missing('redirect_uri'));
  });

  it('logout without client_id says so', async () => {
    await renderIdp('?post_logout_redirect_uri=https%3A%2F%2Fapp.example.com%2Fbye');
    expect(screen.getByRole('alert').textContent).toBe(missing('client_id'));
  });

  it('logout with an empty post_logout_redirect_uri says so', async () => {
    await renderIdp('?client_id=abc&post_logout_redirect_uri=');
    expect(screen.getByRole('alert').textContent).toBe(missing('post_logout_redirect_uri'));
  });

  it('with the parameters, authorize says plainly the consent screen is not available yet and logs render_idp_screen', async () => {
    const { client, container } = await renderIdp('?client_id=abc&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb');
    await expectNoAxeViolations(container);
    expect(screen.getByRole('heading').textContent).toBe('Sign in to app.example.com with Example Project');
    expect(screen.getByText(/The consent screen is not available yet/)).toBeTruthy();
    expect(client.events.log).toHaveBeenCalledWith('render_idp_screen', { bootstrap: client.bootstrap.getSync() });
  });

  it("with the parameters, logout shows 'Log out?'", async () => {
    await renderIdp('?client_id=abc&post_logout_redirect_uri=https%3A%2F%2Fapp.example.com%2Fbye');
    expect(screen.getByRole('heading', { name: 'Log out?' })).toBeTruthy();
  });

  it('helpers: flow choice, missing parameter, client-name fallback', () => {
    expect(idpFlow(new URLSearchParams('post_logout_redirect_uri=x'))).toBe('Logout');
    expect(idpFlow(new URLSearchParams('client_id=x'))).toBe('Authorize');
    expect(missingParam(new URLSearchParams('client_id=a&redirect_uri=b'))).toBeNull();
    expect(clientNameFallback('https://shop.example.com/cb')).toBe('shop.example.com');
    expect(clientNameFallback('not a url')).toBeNull();
    expect(clientNameFallback(null)).toBeNull();
  });
});
