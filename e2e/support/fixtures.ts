import { test as base, expect, type Page } from '@playwright/test';

/**
 * Pages that axe-core is auditing right now: axe itself builds test elements with inline styles,
 * which a strict policy refuses; those refusals are axe's, not the page's.
 */
export const auditing = new WeakSet<Page>();

/**
 * Every browser test fails if the page reports a Content-Security-Policy violation: the demo
 * serves a strict policy, so this shows the widgets work under one.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (!auditing.has(page) && message.text().includes('Content Security Policy')) violations.push(message.text());
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
