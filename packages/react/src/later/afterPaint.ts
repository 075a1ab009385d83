/**
 * Runs `callback` once the browser has painted the current frame, and returns a function that
 * cancels it. React runs a first render's effects in a task of its own, which the browser often
 * takes before it paints: an `import()` started from an effect (about a millisecond each, a dozen
 * on a login with every method) held the first screen's paint back. A timer set from the frame's
 * animation callback fires after that frame is painted. (A page in the background paints no
 * frames: what waits here starts when the page shows, and an event that needs it sooner asks.)
 */
export function afterPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
