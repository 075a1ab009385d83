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

describe('AfterFirstPaint', () => {
  it('draws the room on the first paint and starts the lazy part after it; later mounts draw the part at once', async () => {
    const load = vi.fn(() => Promise.resolve({ default: () => <p>the part</p> }));
    const Part = lazy(load);
    const atCommit: { loads: number; room: boolean }[] = [];
    render(
      <>
        <AfterFirstPaint fallback={<span>room</span>}>
          <Part />
        </AfterFirstPaint>
        <FirstFrame onCommit={() => atCommit.push({ loads: load.mock.calls.length, room: screen.queryByText('room') !== null })} />
      </>,
    );
    expect(atCommit).toEqual([{ loads: 0, room: true }]);
    expect(await screen.findByText('the part')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    // The page has painted: a part mounted from now on is not held back a frame.
    let firstFrame = '';
    render(
      <>
        <AfterFirstPaint fallback={<span>second room</span>}>
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
