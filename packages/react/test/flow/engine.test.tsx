import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { composeFlow } from '../../src/flow/engine';
import type { EffectContext, EffectMap, Feature, Reducer } from '../../src/flow/feature';
import { Flow } from '../../src/flow/Flow';
import { WidgetShell } from '../../src/mounts/Shell';
import { apiError, fakeClient, nextPaint, SESSION_RESPONSE, LOGIN_OR_CREATE_RESPONSE } from '../helpers';
import { renderOtpScreen } from '../features/otps/otp-helpers';

afterEach(cleanup);

/** A feature that claims EmailConfirmation once a link was sent, and records what its Main on-enter hook got. */
function probeFeature() {
  const entered: EffectContext[] = [];
  const feature: Feature = {
    name: 'probe',
    initial: { magicLinkState: null },
    reduce: (state, event) =>
      event.type === 'MAGIC_LINK_SENT'
        ? { ...state, magicLinkState: { email: event.email } }
        : event.type === 'TRY_AGAIN'
          ? { ...state, magicLinkState: null }
          : state,
    screen: (state) => (state.magicLinkState ? 'EmailConfirmation' : null),
    enter: {
      Main(ctx) {
        entered.push(ctx);
      },
    },
  };
  return { feature, entered };
}

const SCREENS = {
  Main: () => <p>on Main</p>,
  EmailConfirmation: () => <p>on EmailConfirmation</p>,
};

function drawFlow(features: Feature[]) {
  const flow = composeFlow('login', features, { screens: SCREENS });
  render(
    <StrictMode>
      <WidgetShell client={fakeClient()} config={{ products: ['emailMagicLinks'] }}>
        <Flow flow={flow} />
      </WidgetShell>
    </StrictMode>,
  );
  return flow;
}

/** The flow drawn, with every reducer in (the shared cases load after the first paint too). */
async function renderFlow(features: Feature[]) {
  const flow = drawFlow(features);
  await act(async () => {
    await flow.reducersLoaded();
  });
  return flow;
}

describe('composeFlow', () => {
  it('combines the features: initial state, reducers in order, the first screen claimed, else the start screen', async () => {
    const first: Feature = { name: 'a', initial: { otpState: null }, screen: (s) => (s.pending ? 'OTPAuthenticate' : null) };
    const second: Feature = { name: 'b', initial: { magicLinkState: null }, screen: (s) => (s.pending || s.banner ? 'EmailConfirmation' : null) };
    const flow = composeFlow('login', [first, second]);
    const state = flow.initial({ mainTab: 'sms' });
    expect(state).toMatchObject({ mount: 'login', otpState: null, magicLinkState: null, pending: false, mainTab: 'sms', errorDescriptor: null });
    expect(flow.getScreen(state)).toBe('Main');
    expect(flow.getScreen({ ...state, pending: true })).toBe('OTPAuthenticate');
    expect(flow.getScreen({ ...state, banner: { variant: 'warning', message: 'x' } })).toBe('EmailConfirmation');
    // The common reducer runs for every mount (once loaded); an event nobody handles leaves the very same state.
    await flow.reducersLoaded();
    expect(flow.reduce(state, { type: 'SELECT_TAB', tab: 'email' }).mainTab).toBe('email');
    expect(flow.reduce(state, { type: 'RESEND_SETTLED' })).toBe(state);
  });
});

describe('screen-scoped effects', () => {
  it('runs the on-enter hook of the first screen once (strict mode), and aborts its signal when the screen is left', async () => {
    const { feature, entered } = probeFeature();
    await renderFlow([feature]);
    expect(screen.getByText('on Main')).toBeTruthy();
    expect(entered).toHaveLength(1);
    const main = entered[0]!;
    expect(main.signal.aborted).toBe(false);
    act(() => main.dispatch({ type: 'MAGIC_LINK_SENT', email: 'a@b.co', response: LOGIN_OR_CREATE_RESPONSE }));
    expect(screen.getByText('on EmailConfirmation')).toBeTruthy();
    expect(main.signal.aborted).toBe(true);
  });

  it('a late answer after the screen was left changes nothing', async () => {
    const { feature, entered } = probeFeature();
    await renderFlow([feature]);
    const main = entered[0]!;
    act(() => main.dispatch({ type: 'MAGIC_LINK_SENT', email: 'a@b.co', response: LOGIN_OR_CREATE_RESPONSE }));
    // Main was left: whatever it started and answers now is dropped, even an answer that would lead back to Main.
    act(() => main.dispatch({ type: 'TRY_AGAIN' }));
    act(() => main.send({ type: 'TRY_AGAIN' }));
    act(() => main.fail(apiError('otp_code_not_found', 'x'), 'banner'));
    act(() => main.toasts.show('error', 'too late'));
    expect(screen.getByText('on EmailConfirmation')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('too late')).toBeNull();
  });

  it('an event sent on a screen the user has since left: its late answer is dropped (the passcode check, after the back arrow)', async () => {
    const client = fakeClient();
    let resolve: (value: typeof SESSION_RESPONSE) => void = () => undefined;
    client.otps.authenticate.mockImplementationOnce(() => new Promise((r) => (resolve = r)));
    renderOtpScreen({}, { client });
    fireEvent.change(screen.getByLabelText('6-digit passcode'), { target: { value: '123456' } });
    await waitFor(() => expect(client.otps.authenticate).toHaveBeenCalledOnce());
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    await act(async () => resolve(SESSION_RESPONSE));
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Success!' })).toBeNull();
  });

  it('a late failure after the screen was left shows no error on the screen the user is on', async () => {
    const client = fakeClient();
    let reject: (err: unknown) => void = () => undefined;
    client.otps.authenticate.mockImplementationOnce(() => new Promise((_r, j) => (reject = j)));
    renderOtpScreen({}, { client });
    fireEvent.change(screen.getByLabelText('6-digit passcode'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await act(async () => reject(apiError('otp_code_not_found', 'The passcode is wrong.')));
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an on-enter hook is told when its screen goes away with the widget', async () => {
    vi.useFakeTimers();
    try {
      const { feature, entered } = probeFeature();
      const flow = composeFlow('login', [feature], { screens: SCREENS });
      const view = render(
        <WidgetShell client={fakeClient()} config={{ products: ['emailMagicLinks'] }}>
          <Flow flow={flow} />
        </WidgetShell>,
      );
      view.unmount();
      act(() => vi.runAllTimers());
      expect(entered[0]!.signal.aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('effects loaded lazily', () => {
  /** A feature whose effects arrive when the test says; TRY_AGAIN's effect records the screen's signal. */
  function lazyFeature() {
    let arrive: (effects: EffectMap) => void = () => undefined;
    let refuse: (err: unknown) => void = () => undefined;
    const load = vi.fn(
      () =>
        new Promise<EffectMap>((resolve, reject) => {
          arrive = resolve;
          refuse = reject;
        }),
    );
    const ran: AbortSignal[] = [];
    const effects: EffectMap = {
      TRY_AGAIN: (_event, ctx) => {
        ran.push(ctx.signal);
      },
    };
    const feature: Feature = { name: 'lazy', effects: load };
    return { feature, load, ran, arrive: () => arrive(effects), refuse: (err: unknown) => refuse(err) };
  }

  it('are fetched once after the first paint, and an event sent before they arrive runs them when they do', async () => {
    const { feature, load, ran, arrive } = lazyFeature();
    const { feature: probe, entered } = probeFeature();
    await renderFlow([probe, feature]);
    expect(load).not.toHaveBeenCalled();
    await nextPaint();
    expect(load).toHaveBeenCalledOnce();
    act(() => entered[0]!.send({ type: 'TRY_AGAIN' }));
    expect(ran).toHaveLength(0);
    await act(async () => arrive());
    expect(ran).toHaveLength(1);
    // Once there, they run at once.
    act(() => entered[0]!.send({ type: 'TRY_AGAIN' }));
    expect(ran).toHaveLength(2);
    expect(load).toHaveBeenCalledOnce();
  });

  it('that arrive after the screen was left do not run', async () => {
    const { feature, ran, arrive } = lazyFeature();
    const { feature: probe, entered } = probeFeature();
    await renderFlow([probe, feature]);
    const main = entered[0]!;
    act(() => main.send({ type: 'TRY_AGAIN' }));
    act(() => main.dispatch({ type: 'MAGIC_LINK_SENT', email: 'a@b.co', response: LOGIN_OR_CREATE_RESPONSE }));
    await act(async () => arrive());
    expect(ran).toHaveLength(0);
  });

  it('that cannot load fail the event in plain words, and the next event tries again', async () => {
    const { feature, load, ran, refuse, arrive } = lazyFeature();
    const { feature: probe, entered } = probeFeature();
    await renderFlow([probe, feature]);
    act(() => entered[0]!.send({ type: 'TRY_AGAIN' }));
    await act(async () => refuse(new TypeError('Failed to fetch dynamically imported module')));
    expect(screen.getByRole('alert').textContent).toContain('Could not reach the server. Check your connection and try again.');
    act(() => entered[0]!.send({ type: 'TRY_AGAIN' }));
    await act(async () => arrive());
    expect(load).toHaveBeenCalledTimes(2);
    expect(ran).toHaveLength(1);
  });
});

describe('reducers loaded lazily', () => {
  /** A feature whose reducer (it counts SELECT_TAB and TRY_AGAIN, in order) arrives when the test says. */
  function lazyReducerFeature() {
    let arrive: () => void = () => undefined;
    let refuse: (err: unknown) => void = () => undefined;
    const seen: string[] = [];
    const reduce: Reducer = (state, event) => {
      if (event.type === 'SELECT_TAB' || event.type === 'TRY_AGAIN') seen.push(event.type === 'SELECT_TAB' ? `tab ${event.tab}` : 'try again');
      return state;
    };
    const load = vi.fn(
      () =>
        new Promise<{ default: Reducer }>((resolve, reject) => {
          arrive = () => resolve({ default: reduce });
          refuse = reject;
        }),
    );
    const feature: Feature = { name: 'lazy reducer', loadReduce: load };
    return { feature, load, seen, arrive: () => arrive(), refuse: (err: unknown) => refuse(err) };
  }

  it('are fetched after the first paint; events sent and dispatched before they arrive are applied then, in order', async () => {
    const { feature, load, seen, arrive } = lazyReducerFeature();
    const { feature: probe, entered } = probeFeature();
    const flow = drawFlow([probe, feature]);
    expect(load).not.toHaveBeenCalled();
    await nextPaint();
    expect(load).toHaveBeenCalledOnce();
    const main = entered[0]!;
    act(() => {
      main.send({ type: 'SELECT_TAB', tab: 'sms' });
      main.dispatch({ type: 'MAGIC_LINK_SENT', email: 'a@b.co', response: LOGIN_OR_CREATE_RESPONSE });
      main.send({ type: 'TRY_AGAIN' });
    });
    // Nothing applied yet: not even the probe's own (eager) case, which would put the flow out of order.
    expect(screen.getByText('on Main')).toBeTruthy();
    expect(seen).toEqual([]);
    await act(async () => arrive());
    expect(seen).toEqual(['tab sms', 'try again']);
    // MAGIC_LINK_SENT then TRY_AGAIN: back on Main, as if nothing had been held.
    expect(screen.getByText('on Main')).toBeTruthy();
    expect(flow.reducersLoaded()).toBeNull();
    // Once there, events apply at once (sent from Main as entered again).
    act(() => entered.at(-1)!.send({ type: 'SELECT_TAB', tab: 'email' }));
    expect(seen).toEqual(['tab sms', 'try again', 'tab email']);
    expect(load).toHaveBeenCalledOnce();
  });

  it('that cannot load: the held events apply with the reducers there are, and the next call tries again', async () => {
    const { feature, load, seen, refuse, arrive } = lazyReducerFeature();
    const { feature: probe, entered } = probeFeature();
    const flow = drawFlow([probe, feature]);
    act(() => {
      entered[0]!.send({ type: 'SELECT_TAB', tab: 'sms' });
      entered[0]!.dispatch({ type: 'MAGIC_LINK_SENT', email: 'a@b.co', response: LOGIN_OR_CREATE_RESPONSE });
    });
    await act(async () => refuse(new TypeError('Failed to fetch dynamically imported module')));
    expect(screen.getByText('on EmailConfirmation')).toBeTruthy();
    expect(seen).toEqual([]);
    let again: Promise<void> | null = null;
    act(() => {
      again = flow.reducersLoaded();
    });
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => {
      arrive();
      await again;
    });
    expect(flow.reducersLoaded()).toBeNull();
  });
});
