import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Driving a page by the keyboard alone, as a person without a mouse does: Tab and Shift+Tab move
 * focus, Enter and Space act, typing goes where focus is. The tests never click, fill or focus an
 * element; they read the page only to know where they are. At every stop focus must be visible.
 * KEYBOARD_TRACE=1 prints where each Tab went, for writing a test.
 */

/** What has focus, looked for through shadow roots, and whether a person can see where it is. */
export interface FocusStop {
  /** A short description of the focused element for messages: tag, role, name, classes. */
  description: string;
  /** Nothing has focus but the page itself. */
  page: boolean;
  /** The element matches :focus-visible. */
  focusVisible: boolean;
  /** An outline (not `none`, wider than 0) or a box shadow draws the focus. */
  drawn: boolean;
  /** How the focus is drawn, or why it is not seen. */
  ring: string;
}

/**
 * Reads the focused element in the page: document.activeElement, then its shadow root's
 * activeElement, and so on. A control that is itself invisible (opacity 0, laid over what is drawn
 * for it: the passcode's slots, the phone number's country box) shows its focus on what is drawn,
 * so then the ring may be on its parent or grandparent or something inside them.
 */
export function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(() => {
    let element: Element | null = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    if (!element || element === document.body || element === document.documentElement) {
      return { description: 'the page itself (no element has focus)', page: true, focusVisible: false, drawn: false, ring: 'none' };
    }
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    const role = element.getAttribute('role');
    const type = element.getAttribute('type');
    const classes = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
    const description = `<${element.tagName.toLowerCase()}${role ? ` role=${role}` : ''}${type ? ` type=${type}` : ''}${classes}>${name ? ` "${name}"` : ''}`;
    const ringOf = (candidate: Element): string | null => {
      const style = getComputedStyle(candidate);
      if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0)
        return `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
      if (style.boxShadow !== 'none') return `box-shadow ${style.boxShadow}`;
      return null;
    };
    let ring = ringOf(element);
    if (!ring && getComputedStyle(element).opacity === '0') {
      const around = [element.parentElement, element.parentElement?.parentElement].filter((candidate): candidate is HTMLElement => !!candidate);
      for (const container of around) {
        for (const candidate of [container, ...container.querySelectorAll('*')]) {
          if (candidate === element) continue;
          const drawn = ringOf(candidate);
          if (drawn) {
            ring = `${drawn} on <${candidate.tagName.toLowerCase()}.${String(candidate.className).trim().split(/\s+/).join('.')}> (the control itself is transparent)`;
            break;
          }
        }
        if (ring) break;
      }
    }
    return { description, page: false, focusVisible: element.matches(':focus-visible'), drawn: ring !== null, ring: ring ?? 'none' };
  });
}

/** Fails unless focus is on an element and a person can see it (looks again for up to 2 s: a screen's later styles may still be arriving). */
export async function expectFocusVisible(page: Page, context = ''): Promise<FocusStop> {
  const until = Date.now() + 2_000;
  for (;;) {
    const stop = await focusStop(page);
    if (!stop.page && stop.focusVisible && stop.drawn) return stop;
    if (Date.now() > until) {
      throw new Error(
        `Focus is not visible${context ? ` ${context}` : ''}: focused ${stop.description} (matches :focus-visible: ${stop.focusVisible}; ring: ${stop.ring}).`,
      );
    }
    await page.waitForTimeout(100);
  }
}

/** Whether the target is the focused element (looked for through shadow roots). */
function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((node) => {
    let element: Element | null = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    return element === node;
  });
}

/** Whether the focused element is inside the container (looked for through shadow roots). */
function focusInside(container: Locator): Promise<boolean> {
  return container.evaluate((node) => {
    let element: Element | null = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    for (let at: Node | null = element; at; at = at.parentNode ?? (at instanceof ShadowRoot ? at.host : null)) if (at === node) return true;
    return false;
  });
}

/**
 * Tabs through every control of a container (a widget's screen) once, asserting at each stop that
 * focus is visible: first out of it backwards if focus is inside, then forwards into it and on until
 * focus leaves it. Returns the stops inside. Focus is then on the first control after it.
 */
export async function tabThrough(page: Page, container: Locator, max = 25): Promise<string[]> {
  await expect(container).toBeVisible();
  // Back before it: to a control before it, or past the page's start. Focus on no element (its
  // control went away) still has a place in the page that Tab goes on from, maybe inside.
  for (let press = 0; press < max; press++) {
    const before = await focusStop(page);
    if (!before.page && !(await focusInside(container))) break;
    await page.keyboard.press('Shift+Tab');
    if ((await focusStop(page)).page) break;
    await expectFocusVisible(page, `backing out of ${container} to tab through it`);
  }
  for (let press = 0; press < 2 * max && !(await focusInside(container)); press++) {
    await page.keyboard.press('Tab');
    if (!(await focusStop(page)).page) await expectFocusVisible(page, `tabbing into ${container}`);
  }
  const stops: string[] = [];
  for (let press = 0; press < max && (await focusInside(container)); press++) {
    stops.push((await expectFocusVisible(page, `tabbing through ${container}; stops so far: ${stops.join(' → ') || 'none'}`)).description);
    await page.keyboard.press('Tab');
    if ((await focusStop(page)).page) break;
  }
  if (!(await focusStop(page)).page && !(await focusInside(container))) await expectFocusVisible(page, `after tabbing through ${container}`);
  if (stops.length === 0) throw new Error(`Tab found no control in ${container}`);
  if (process.env.KEYBOARD_TRACE) console.log(`[keyboard] through ${container}: ${stops.join(' → ')}`);
  return stops;
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until the target has focus, at most `max` times, and at
 * every stop in the page asserts focus is visible (wrapping past the page's end, focus is for one
 * press in the browser's own controls). If the target already has focus, presses nothing. Throws,
 * naming the target and every stop, when it is not reached.
 */
export async function tabTo(page: Page, target: Locator, options: { backwards?: boolean; max?: number } = {}): Promise<FocusStop> {
  const { backwards = false, max = 25 } = options;
  await expect(target, `the element to tab to: ${target}`).toBeVisible();
  if (await hasFocus(target)) return expectFocusVisible(page, `on ${target}, focused already`);
  const stops: string[] = [];
  for (let press = 1; press <= max; press++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    // Past the last control (before the first with Shift+Tab) focus leaves the document for the
    // browser's own controls, and the next press brings it back: not a stop of the page's.
    if ((await focusStop(page)).page) {
      stops.push("(the browser's own controls)");
      continue;
    }
    const stop = await expectFocusVisible(
      page,
      `after ${press} × ${backwards ? 'Shift+Tab' : 'Tab'} looking for ${target}; stops so far: ${stops.join(' → ') || 'none'}`,
    );
    stops.push(stop.description);
    if (await hasFocus(target)) {
      if (process.env.KEYBOARD_TRACE) console.log(`[keyboard] ${target}: ${stops.join(' → ')}`);
      return stop;
    }
  }
  throw new Error(`${backwards ? 'Shift+Tab' : 'Tab'} did not reach ${target} in ${max} presses. Focus went: ${stops.join(' → ')}`);
}

/** Tabs to the target and presses a key on it (Enter by default: a button, a link, a form's submit). */
export async function activate(page: Page, target: Locator, options: { key?: string; backwards?: boolean; max?: number } = {}): Promise<void> {
  await expect(target, `${target} to be enabled before acting on it`).toBeEnabled();
  await tabTo(page, target, options);
  await page.keyboard.press(options.key ?? 'Enter');
}

/** Tabs to a text field and types into it, as a person types (one key at a time). */
export async function typeInto(page: Page, field: Locator, text: string, options: { backwards?: boolean; max?: number } = {}): Promise<void> {
  await tabTo(page, field, options);
  await page.keyboard.type(text);
}
