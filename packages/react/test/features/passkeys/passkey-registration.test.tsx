import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { User } from '@vestibule/contract';
import { VestibulePasskeyRegistration } from '../../../src/index';
import { expectNoAxeViolations, fakeClient, USER } from '../../helpers';

afterEach(cleanup);

describe('PasskeyRegistrationStart', () => {
  it('without a signed-in user shows the error (no accessibility violations)', async () => {
    const { container } = render(<VestibulePasskeyRegistration client={fakeClient()} config={{ products: ['passkeys', 'emailMagicLinks'] }} />);
    await expectNoAxeViolations(container);
    expect(screen.getByRole('alert').textContent).toBe(
      'Error: Cannot use PasskeyRegistration component without active user authenticated.',
    );
  });

  it("with a user shows 'Set up a new Passkey' and says plainly creating passkeys is not available yet", async () => {
    const { container } = render(
      <VestibulePasskeyRegistration client={fakeClient({ user: USER })} config={{ products: ['passkeys', 'emailMagicLinks'] }} />,
    );
    await expectNoAxeViolations(container);
    expect(screen.getByRole('heading', { name: 'Set up a new Passkey' })).toBeTruthy();
    expect(screen.getByText(/Creating passkeys is not available yet/)).toBeTruthy();
  });

  it('follows the user signing in', async () => {
    const client = fakeClient();
    let listener: ((user: User | null) => void) | undefined;
    client.user.onChange.mockImplementation((cb: (user: User | null) => void) => {
      listener = cb;
      return () => undefined;
    });
    render(<VestibulePasskeyRegistration client={client} config={{ products: ['passkeys', 'emailMagicLinks'] }} />);
    expect(screen.getByRole('alert')).toBeTruthy();
    act(() => listener?.(USER));
    expect(screen.getByRole('heading', { name: 'Set up a new Passkey' })).toBeTruthy();
  });
});
