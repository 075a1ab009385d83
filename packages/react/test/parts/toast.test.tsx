import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { WidgetShell } from '../../src/mounts/Shell';
import { createToastStore, TOAST_LIMIT, type ToastStore } from '../../src/parts/toast/store';
import { Toaster } from '../../src/parts/toast/Toaster';
import { expectNoAxeViolations, fakeClient } from '../helpers';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderToaster(store: ToastStore) {
  return render(
    <WidgetShell client={fakeClient()} config={{ products: [] }}>
      <Toaster store={store} />
    </WidgetShell>,
  );
}

describe('toasts', () => {
  it('has no accessibility violations; a polite live region that is always there; dismissable', async () => {
    const store = createToastStore();
    const { container } = renderToaster(store);
    const region = container.querySelector('.vst-toaster');
    expect(region?.getAttribute('aria-live')).toBe('polite');
    act(() => {
      store.show('success', 'Email resent');
      store.show('error', 'Something failed');
      store.show('loading', 'Sending...');
      store.show('blank', 'Note');
    });
    // The toasts' code loads with the first one.
    expect(await screen.findByText('Email resent')).toBeTruthy();
    await expectNoAxeViolations(container);
    expect(region?.textContent).toContain('Email resent');
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[1]!);
    expect(screen.queryByText('Something failed')).toBeNull();
    expect(screen.getByText('Email resent')).toBeTruthy();
  });

  it('success lasts 2 s, blank and error 4 s, loading until dismissed', () => {
    vi.useFakeTimers();
    const store = createToastStore();
    const types = () => store.getSnapshot().map((t) => t.type);
    store.show('success', 'a');
    store.show('blank', 'b');
    store.show('error', 'c');
    const loading = store.show('loading', 'd');
    vi.advanceTimersByTime(1999);
    expect(types()).toEqual(['success', 'blank', 'error', 'loading']);
    vi.advanceTimersByTime(1);
    expect(types()).toEqual(['blank', 'error', 'loading']);
    vi.advanceTimersByTime(1999);
    expect(types()).toEqual(['blank', 'error', 'loading']);
    vi.advanceTimersByTime(1);
    expect(types()).toEqual(['loading']);
    vi.advanceTimersByTime(60 * 60_000);
    expect(types()).toEqual(['loading']);
    store.dismiss(loading);
    expect(types()).toEqual([]);
    store.show('blank', 'custom', { duration: 500 });
    vi.advanceTimersByTime(500);
    expect(types()).toEqual([]);
  });

  it('keeps at most 20 at once, dropping the oldest', () => {
    vi.useFakeTimers();
    const store = createToastStore();
    for (let i = 1; i <= 25; i++) store.show('loading', `t${i}`);
    expect(TOAST_LIMIT).toBe(20);
    expect(store.getSnapshot()).toHaveLength(20);
    expect(store.getSnapshot()[0]?.message).toBe('t6');
    expect(store.getSnapshot()[19]?.message).toBe('t25');
    store.clear();
    expect(store.getSnapshot()).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('notifies subscribers, and stops after unsubscribe', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.show('blank', 'x');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.clear();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
