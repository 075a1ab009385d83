import { E2E_API_PORT } from '../../playwright.config';

export const API_URL = `http://localhost:${E2E_API_PORT}`;

/** A fresh address per test, so sign-up and login never depend on test order. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}
