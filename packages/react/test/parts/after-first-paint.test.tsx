import { render, screen } from '@testing-library/react';
import { lazy, useLayoutEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AfterFirstPaint } from '../../src/parts/AfterFirstPaint';

describe('AfterFirstPaint', () => {
  it('draws the room on the first paint and starts the lazy part after it; later mounts draw the part at once', async () => {
    const load = vi.fn(() => Promise.resolve({ default: () => <p>the part</p> }));
    const Part = lazy(load);
    // What the first commit holds, before any passive effect: the frame the browser paints first.
    const atCommit: { loads: number; room: boolean }[] = [];
    function Probe() {
      useLayoutEffect(() => {
        atCommit.push({ loads: load.mock.calls.length, room: screen.queryByText('room') !== null });
      }, []);
      return null;
    }
    render(
      <>
        <AfterFirstPaint fallback={<span>room</span>}>
          <Part />
        </AfterFirstPaint>
        <Probe />
      </>,
    );
    expect(atCommit).toEqual([{ loads: 0, room: true }]);
    expect(await screen.findByText('the part')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    // The page has painted: a part mounted from now on is not held back a frame.
    let firstFrame = '';
    function SecondProbe() {
      useLayoutEffect(() => {
        firstFrame = document.body.textContent ?? '';
      }, []);
      return null;
    }
    render(
      <>
        <AfterFirstPaint fallback={<span>second room</span>}>
          <Part />
        </AfterFirstPaint>
        <SecondProbe />
      </>,
    );
    expect(firstFrame).not.toContain('second room');
  });
});
