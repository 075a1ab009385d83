import { afterEach, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { VestibuleLogin } from '../../src/index';
import { fakeClient } from '../helpers';

// The Japanese chunk, as a page gets it when the network refuses it.
vi.mock('../../src/locales/ja', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

afterEach(cleanup);

it('a language whose texts cannot be fetched leaves the widget in English, said on the console', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const { container } = render(<VestibuleLogin client={fakeClient()} config={{ products: ['emailMagicLinks'] }} locale="ja" />);
  expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  expect(container.querySelector('.vestibule')?.getAttribute('lang')).toBe('en');
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not fetch'), expect.anything());
});
