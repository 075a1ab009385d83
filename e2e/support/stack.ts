import type { Page } from '@playwright/test';
import { E2E_API_PORT } from '../../playwright.config';
import { DEMO_CONFIG_ELEMENT_ID } from '../../apps/demo/src/demo-config';

export const API_URL = `http://localhost:${E2E_API_PORT}`;

/** A fresh address per test, so sign-up and login never depend on test order. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** A US number (area code 415) no other test uses, in the national form a person types. */
export function uniquePhone(): { typed: string; e164: string } {
  const line = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  const exchange = String(200 + Math.floor(Math.random() * 700));
  return { typed: `415${exchange}${line}`, e164: `+1415${exchange}${line}` };
}

/** The stack's public token, as the demo page open in `page` carries it. */
export function demoPublicToken(page: Page): Promise<string> {
  return page.evaluate((id) => (JSON.parse(document.getElementById(id)!.textContent!) as { publicToken: string }).publicToken, DEMO_CONFIG_ELEMENT_ID);
}
