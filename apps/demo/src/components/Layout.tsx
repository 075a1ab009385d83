import type { ReactNode } from 'react';
import type { VestibuleClient } from '@vestibule/client';
import { SessionPanel } from './SessionPanel';

export const PAGES = [
  { path: '/', label: 'Login' },
  { path: '/reset', label: 'Password reset' },
  { path: '/passkeys', label: 'Passkey registration' },
  { path: '/idp', label: 'Identity provider' },
  { path: '/account', label: 'Account' },
  { path: '/configurator', label: 'Configurator' },
  { path: '/outbox', label: 'Outbox' },
] as const;

export function Layout({ client, children }: { client: VestibuleClient; children: ReactNode }) {
  const here = window.location.pathname;
  return (
    <>
      <header className="top">
        <p className="brand">Vestibule demo</p>
        <nav aria-label="Demo pages">
          <ul>
            {PAGES.map((page) => (
              <li key={page.path}>
                <a href={page.path} aria-current={page.path === here ? 'page' : undefined}>
                  {page.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main>
        <SessionPanel client={client} />
        {children}
      </main>
    </>
  );
}
