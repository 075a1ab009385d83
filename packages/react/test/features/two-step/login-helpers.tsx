import { vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { IntermediateSessionResponse, SessionResponse } from '@vestibule/contract';
import { VestibuleLogin } from '../../../src/index';
import type { LoginConfig } from '../../../src/types';
import { fakeClient, type FakeClient } from '../../helpers';

/** A first factor's answer for a user with two-step verification: no session, the intermediate one. */
export function intermediate(two_step: 'verify' | 'enrol' = 'verify'): IntermediateSessionResponse {
  return {
    status_code: 200,
    request_id: 'req-held',
    user_id: 'user-test-1',
    intermediate_session_token: 'intermediate-token-1',
    intermediate_session_expires_at: '2026-01-01T00:10:00Z',
    two_step,
  };
}

/** The fake client's sign-ins are typed to answer sessions; the real ones may answer an intermediate session. */
export const asSession = (response: IntermediateSessionResponse) => response as unknown as SessionResponse;

export const APP_CODE_LABEL = 'Enter the code from your authenticator app';

export function renderLogin(client: FakeClient = fakeClient(), config: LoginConfig = { products: ['passwords'] }) {
  const callbacks = { onEvent: vi.fn(), onError: vi.fn() };
  const view = render(<VestibuleLogin client={client} config={config} callbacks={callbacks} />);
  return { client, callbacks, ...view };
}

/** Main's email, then the password: the password sign-in answers what `client.passwords.authenticate` is set to. */
export async function signInWithPassword(email = 'ada@example.com') {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
  fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'correct horse battery staple' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

/** Types a code into the step's 6-digit entry. */
export function typeCode(code: string, label = APP_CODE_LABEL) {
  fireEvent.change(screen.getByLabelText(label), { target: { value: code } });
}

export { eventTypes } from '../passwords/password-helpers';
