import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StrictMode } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { VestibulePasswordReset } from '../../../src/index';
import type { LoginConfig } from '../../../src/types';
import { apiError, expectNoAxeViolations, fakeClient, loggedNames, SESSION_RESPONSE, type FakeClient } from '../../helpers';

const CONFIG: LoginConfig = { products: ['emailMagicLinks'] };

function setSearch(search: string) {
  window.history.replaceState({}, '', `/reset${search}`);
}

function renderReset(client: FakeClient, config: LoginConfig = CONFIG) {
  const callbacks = { onEvent: vi.fn(), onError: vi.fn() };
  const view = render(
    <StrictMode>
      <VestibulePasswordReset client={client} config={config} callbacks={callbacks} passwordResetToken="tok-123" />
    </StrictMode>,
  );
  return { callbacks, ...view };
}

beforeEach(() => setSearch('?vestibule_token_type=login&token=tok-123'));
afterEach(() => {
  cleanup();
  setSearch('');
});

describe('PasswordResetForm with a magic-link token (vestibule_token_type=login)', () => {
  it('has no accessibility violations while logging in', async () => {
    const client = fakeClient();
    client.magicLinks.authenticate.mockImplementation(() => new Promise(() => undefined));
    const { container } = renderReset(client);
    await expectNoAxeViolations(container);
  });

  it("shows 'Logging in...' with a spinner, authenticates once, then 'Success!' and fires flow-complete once", async () => {
    const client = fakeClient();
    let resolve!: (value: typeof SESSION_RESPONSE) => void;
    client.magicLinks.authenticate.mockImplementation(() => new Promise((r) => (resolve = r)));
    const { callbacks, container } = renderReset(client);
    expect(screen.getByRole('heading', { name: 'Logging in...' })).toBeTruthy();
    expect(screen.getByRole('status').querySelector('.vst-spinner')).toBeTruthy();
    expect(client.magicLinks.authenticate).toHaveBeenCalledTimes(1);
    expect(client.magicLinks.authenticate).toHaveBeenCalledWith('tok-123', { session_duration_minutes: 30 });

    resolve(SESSION_RESPONSE);
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(screen.getByText('You have successfully logged in.')).toBeTruthy();
    await expectNoAxeViolations(container);

    const types = callbacks.onEvent.mock.calls.map((c) => (c[0] as { type: string }).type);
    expect(types.filter((t) => t === 'FLOW_COMPLETE')).toHaveLength(1);
    expect(types.filter((t) => t === 'AUTHENTICATE_FLOW_COMPLETE')).toHaveLength(1);
    expect(types.filter((t) => t === 'MAGIC_LINK_AUTHENTICATE')).toHaveLength(1);
    expect(loggedNames(client).filter((n) => n === 'flow_complete')).toHaveLength(1);
  });

  it('uses the configured session duration', async () => {
    const client = fakeClient();
    renderReset(client, { ...CONFIG, sessionOptions: { sessionDurationMinutes: 120 } });
    await screen.findByRole('heading', { name: 'Success!' });
    expect(client.magicLinks.authenticate).toHaveBeenCalledWith('tok-123', { session_duration_minutes: 120 });
  });

  it('shows the catalogue message in an error banner when the link is used or expired', async () => {
    const client = fakeClient();
    client.magicLinks.authenticate.mockRejectedValue(apiError('unable_to_auth_magic_link', 'server text', 401));
    const { callbacks, container } = renderReset(client);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Magic link could not be authenticated because it was either already used or expired.');
    expect(callbacks.onError).toHaveBeenCalledWith(expect.objectContaining({ error_type: 'unable_to_auth_magic_link' }));
    expect(screen.queryByRole('heading', { name: 'Success!' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Logging in...' })).toBeNull();
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Looks like there was an error!' })).toBeTruthy();
  });
});

