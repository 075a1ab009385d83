/**
 * The first-paint timer, run in the benchmark's pages. Plain browser JavaScript that Playwright adds
 * to every page before its own scripts (addInitScript): a function the Node side passes to
 * page.evaluate would carry tsx's compiled helpers (`__name`), which the page does not have.
 *
 * `window.benchFirstPaint()` resolves to `{ inDom, painted }`, milliseconds from the call to
 * `window.benchMount(element)` (the page's entry defines it) to the email field in the DOM and to the
 * field painted; or to `{ error }` when no email field paints within the time allowed.
 */

/** An email field, as our widget, the floor and the peers render it. */
const EMAIL_FIELD = 'input[type="email"], input[autocomplete*="email"]';
/** Generous for 4x CPU throttling (our pages paint within a second): a page that has not painted its field by then never will. */
const GIVE_UP_MS = 10_000;

/** The first email field in `root` or in any open shadow root under it (a closed one is out of reach). */
function findField(root) {
  const field = root.querySelector(EMAIL_FIELD);
  if (field) return field;
  for (const element of root.querySelectorAll('*')) {
    const inside = element.shadowRoot && findField(element.shadowRoot);
    if (inside) return inside;
  }
  return null;
}

/**
 * Calls back once the current frame has been rendered (style, layout, paint: the main thread's part;
 * raster and display follow on other threads): called from a requestAnimationFrame callback, a
 * 'user-blocking' task is the first to run after the frame. A MessageChannel message or a
 * setTimeout(0) would wait behind tasks queued before it, such as the work React's scheduler posts
 * as messages (the login mount's effects after its commit: 9 to 16 ms in a trace), and count them
 * as painting. Element Timing would give the frame's presentation time, but in this Chromium an
 * input marked with `elementtiming` reports nothing (it has no text of its own), and a label's text
 * was reported only when the label was a block of its own: which element of each widget to mark
 * would be guesswork.
 */
function afterThisFrame(callback) {
  scheduler.postTask(callback, { priority: 'user-blocking' });
}
const afterNextFrame = () => new Promise((resolve) => requestAnimationFrame(() => afterThisFrame(resolve)));

window.benchFirstPaint = async () => {
  // A host page has painted its own text before a widget mounts: the renderer's first text layout
  // and first frames, whatever they cost, are not the widget's.
  const host = Object.assign(document.createElement('p'), { textContent: 'A host page, painted before the mount.' });
  const element = Object.assign(document.createElement('div'), { id: 'bench-mount' });
  document.body.append(host, element);
  await document.fonts.ready;
  await afterNextFrame();
  await afterNextFrame();

  return new Promise((resolve) => {
    let field = null;
    let inDom;
    let t0;
    const look = () => {
      if (field?.isConnected) return;
      field = findField(element);
      if (field) inDom = performance.now() - t0;
    };
    // Every DOM change in the element is looked at when it happens (the field's time in the DOM);
    // a field inside a shadow root, which this observer does not see, is found at the next frame.
    const observer = new MutationObserver(look);
    observer.observe(element, { childList: true, subtree: true });
    const giveUp = setTimeout(() => {
      observer.disconnect();
      // The words as a person sees them, a space between blocks (textContent runs them together).
      // biome-ignore lint/performance/useDomNodeTextContent: read once, when the benchmark gives up
      const shown = element.innerText.replace(/\s+/g, ' ').trim().slice(0, 160);
      resolve({ error: `no email field painted in ${GIVE_UP_MS / 1000} s; the element shows: ${shown || '(nothing)'}` });
    }, GIVE_UP_MS);
    // Each frame, before it is rendered: once the field is there and will be drawn (not hidden, not
    // display: none), this frame paints it, and the time is taken right after.
    const eachFrame = () => {
      look();
      if (!field?.checkVisibility()) return requestAnimationFrame(eachFrame);
      afterThisFrame(() => {
        const painted = performance.now() - t0;
        clearTimeout(giveUp);
        observer.disconnect();
        resolve({ inDom, painted });
      });
    };
    requestAnimationFrame(eachFrame);
    t0 = performance.now();
    window.benchMount(element);
  });
};
