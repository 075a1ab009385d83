import { afterEach, describe, expect, it } from 'vitest';
import axe from 'axe-core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { VestibuleLogin } from '../src/index';
import { expectNoAxeViolations, fakeClient } from './helpers';

afterEach(cleanup);

describe('the axe check used by every component test', () => {
  it('passes on the login widget', async () => {
    const { container } = render(<VestibuleLogin client={fakeClient()} config={{ products: ['emailMagicLinks'] }} />);
    await expectNoAxeViolations(container);
  });

  it('does catch violations in this DOM (so a pass means something)', async () => {
    const { container } = render(
      <div>
        <input type="email" />
        {/* biome-ignore lint/a11y/useAltText: the missing alt is this test's subject (axe must report image-alt) */}
        <img src="x.png" />
      </div>,
    );
    const ids = (await axe.run(container)).violations.map((v) => v.id);
    expect(ids).toEqual(expect.arrayContaining(['label', 'image-alt']));
  });

  it('the form submits from the keyboard (Enter in the field submits the form)', async () => {
    const client = fakeClient();
    render(<VestibuleLogin client={client} config={{ products: ['emailMagicLinks'] }} />);
    const input = screen.getByLabelText('Email');
    fireEvent.change(input, { target: { value: 'ada@example.com' } });
    fireEvent.submit(input.closest('form')!);
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(client.magicLinks.email.loginOrCreate).toHaveBeenCalledTimes(1);
  });
});
