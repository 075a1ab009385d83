import type { Page } from '@playwright/test';
import { E2E_API_PORT } from '../../playwright.config';
import { DEMO_CONFIG_ELEMENT_ID } from '../../apps/demo/src/demo-config';

export const API_URL = `http://localhost:${E2E_API_PORT}`;

/** A fresh address per test, so sign-up and login never depend on test order. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The stack's public token, as the demo page open in `page` carries it. */
export function demoPublicToken(page: Page): Promise<string> {
  return page.evaluate((id) => (JSON.parse(document.getElementById(id)!.textContent!) as { publicToken: string }).publicToken, DEMO_CONFIG_ELEMENT_ID);
}
