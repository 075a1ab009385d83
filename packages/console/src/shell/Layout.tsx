import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useOperator } from '../session/context';

const SECTIONS = [
  { href: '/', label: 'Users', matches: (path: string) => path === '/' || path.startsWith('/users') },
  { href: '/sign-ins', label: 'Sign-ins', matches: (path: string) => path.startsWith('/sign-ins') },
  { href: '/clients', label: 'Clients', matches: (path: string) => path.startsWith('/clients') },
  { href: '/webhooks', label: 'Webhooks', matches: (path: string) => path.startsWith('/webhooks') },
  { href: '/keys', label: 'Keys', matches: (path: string) => path.startsWith('/keys') },
];

/** The signed-in console's frame: a way past the navigation, the sections, who is signed in, and the page. */
export function Layout({ children }: { children: ReactNode }) {
  const { config, email, signOut } = useOperator();
  const [path] = useLocation();
  return (
    <>
      <a className="skip" href="#content">
        Skip to content
      </a>
      <header className="top">
        <p className="brand">
          Vestibule console <span className="project">{config.projectName}</span>
        </p>
        <nav aria-label="Sections">
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.href}>
                <Link href={section.href} aria-current={section.matches(path) ? 'page' : undefined}>
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="who">
          {email ? <span>{email}</span> : null}
          <button type="button" className="button quiet" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <main id="content" className="page">
        {children}
      </main>
    </>
  );
}
