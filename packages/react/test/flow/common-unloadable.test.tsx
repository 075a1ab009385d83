import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { composeFlow } from '../../src/flow/engine';
import type { Feature } from '../../src/flow/feature';
import { Flow } from '../../src/flow/Flow';
import { WidgetShell } from '../../src/mounts/Shell';
import { apiError, fakeClient } from '../helpers';

// The shared cases' chunk cannot be fetched (a network blip, a deploy that replaced the chunks).
vi.mock('../../src/flow/common-reducer', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const OnMain = () => <p>on Main</p>;

describe('a flow whose shared cases cannot load', () => {
  it('still shows a failure, in plain words', async () => {
    const failing: Feature = {
      name: 'failing',
      enter: {
        Main(ctx) {
          ctx.fail(apiError('too_many_requests', 'Too many requests.', 429), 'banner');
        },
      },
    };
    const flow = composeFlow('login', [failing], { screens: { Main: OnMain } });
    render(
      <WidgetShell client={fakeClient()} config={{ products: ['emailMagicLinks'] }}>
        <Flow flow={flow} />
      </WidgetShell>,
    );
    await act(async () => {
      await flow.reducersLoaded()?.catch(() => undefined);
    });
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
  });
});
