import { render, screen } from '@testing-library/react';
import { lazy, useLayoutEffect, useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AfterFirstPaint } from '../../src/parts/AfterFirstPaint';

/** Records what the page holds when its first commit is done, before any passive effect: the frame the browser paints first. */
function FirstFrame({ onCommit }: { onCommit: () => void }) {
  const once = useRef(onCommit);
  useLayoutEffect(() => once.current(), []);
  return null;
}

// One test: whether the page has painted is the module's, once per page.
describe('AfterFirstPaint', () => {
  it('draws the rooms on the first paint and loads the parts after it, each shown when its own code is in; later mounts draw at once', async () => {
    const load = vi.fn(() => Promise.resolve({ default: () => <p>the part</p> }));
    const Part = lazy(load);
    // A part whose code never arrives holds back no other.
    const never = () => new Promise<{ default: () => null }>(() => undefined);
    const Stuck = lazy(never);
    const atCommit: { loads: number; rooms: boolean }[] = [];
    render(
      <>
        <AfterFirstPaint fallback={<span>room</span>} load={load}>
          <Part />
        </AfterFirstPaint>
        <AfterFirstPaint fallback={<span>stuck room</span>} load={never}>
          <Stuck />
        </AfterFirstPaint>
        <FirstFrame
          onCommit={() =>
            atCommit.push({ loads: load.mock.calls.length, rooms: screen.queryByText('room') !== null && screen.queryByText('stuck room') !== null })
          }
        />
      </>,
    );
    expect(atCommit).toEqual([{ loads: 0, rooms: true }]);
    expect(await screen.findByText('the part')).toBeTruthy();
    expect(screen.getByText('stuck room')).toBeTruthy();

    // The page has painted: a part mounted from now on is not held back a frame.
    let firstFrame = '';
    render(
      <>
        <AfterFirstPaint fallback={<span>second room</span>} load={load}>
          <Part />
        </AfterFirstPaint>
        <FirstFrame
          onCommit={() => {
            firstFrame = document.body.textContent ?? '';
          }}
        />
      </>,
    );
    expect(firstFrame).not.toContain('second room');
  });
});
