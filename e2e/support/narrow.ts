import type { Page } from '@playwright/test';

/**
 * What a person on a narrow phone would see wrong with the widget, measured in the page:
 * - a word broken across two lines (a text box too narrow for a word: 'WhatsA/pp', an email split
 *   mid-name); a long email may wrap, but only at its '@', dots and hyphens;
 * - anything that sticks out of the widget's box or out of the viewport (a cramped row pushed wide);
 * - a focus ring that would be cut off: a control whose ring (2 px outline, 2 px offset) falls
 *   outside an ancestor that clips its overflow.
 * Returns one line per problem; an empty list means the screen fits.
 */
export async function narrowScreenProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    // The widget, also inside a shadow root.
    const host = document.querySelector('.vestibule-host');
    const root = (host?.shadowRoot ?? document).querySelector<HTMLElement>('.vestibule');
    // A page without a widget (the outbox) is only held to fitting the screen: its links carry
    // long tokens, which must wrap somewhere.
    if (!root) {
      const wide = document.documentElement.scrollWidth;
      return wide > document.documentElement.clientWidth ? [`the page is ${wide} px wide at ${document.documentElement.clientWidth} px`] : [];
    }
    const rootBox = root.getBoundingClientRect();
    const viewport = document.documentElement.clientWidth;
    const name = (el: Element) => {
      const text = (el.textContent ?? '').trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? ` class="${el.className}"` : ''}>${text ? ` '${text}'` : ''}`;
    };
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return style.visibility !== 'hidden' && style.display !== 'none' && box.width > 0 && box.height > 0 && !el.closest('.vst-visually-hidden');
    };

    // Toasts float over the page (position: fixed): they are held to the viewport instead.
    const screenBox = new DOMRect(0, 0, viewport, document.documentElement.clientHeight);
    const boxFor = (el: Element) => (el.closest('.vst-toaster') ? screenBox : rootBox);

    if (rootBox.right > viewport + 0.5) problems.push(`the widget is ${Math.round(rootBox.width)} px wide in a ${viewport} px viewport`);

    for (const el of root.querySelectorAll('*')) {
      if (!visible(el) || el.closest('svg')) continue;
      const box = el.getBoundingClientRect();
      const frame = boxFor(el);
      if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) {
        problems.push(
          `${name(el)} sticks out of the widget (${Math.round(box.left)}..${Math.round(box.right)} in ${Math.round(frame.left)}..${Math.round(frame.right)})`,
        );
      }
      if (
        el instanceof HTMLElement &&
        el.scrollWidth > el.clientWidth + 1 &&
        getComputedStyle(el).overflowX !== 'visible' &&
        !(el instanceof HTMLInputElement)
      ) {
        problems.push(`${name(el)} cuts off its content (${el.scrollWidth} px in ${el.clientWidth} px)`);
      }
    }

    // Words split across lines: each word's range must lie on one line (a break at an email's '@',
    // a dot or a hyphen is between words).
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !visible(parent)) continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[^\s@.-]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) problems.push(`'${match[0]}' breaks across lines in ${name(parent)}`);
      }
    }

    // Focus rings: a focusable control's ring must stay inside the widget and not be clipped by an
    // ancestor that hides overflow.
    const ring = 4;
    const outside = (box: DOMRect, clip: DOMRect) =>
      box.left - ring < clip.left - 0.5 || box.right + ring > clip.right + 0.5 || box.top - ring < clip.top - 0.5 || box.bottom + ring > clip.bottom + 0.5;
    for (const el of root.querySelectorAll<HTMLElement>('a[href], button, input:not([type=hidden]), select, textarea, [tabindex="0"]')) {
      if (!visible(el) || getComputedStyle(el).opacity === '0') continue;
      const box = el.getBoundingClientRect();
      if (outside(box, boxFor(el))) problems.push(`the focus ring of ${name(el)} falls outside the widget`);
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        if (outside(box, up.getBoundingClientRect())) {
          problems.push(`the focus ring of ${name(el)} is cut off by ${name(up)}`);
        }
        break;
      }
    }
    return problems;
  });
}
