import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { client, demo } from './stack';
import { Layout } from './components/Layout';
import { LoginPage } from './pages/LoginPage';
import { ResetPage } from './pages/ResetPage';
import { PasskeysPage } from './pages/PasskeysPage';
import { IdpPage } from './pages/IdpPage';
import { AccountPage } from './pages/AccountPage';
import { OutboxPage } from './pages/OutboxPage';
import { ConfiguratorPage } from './configurator/ConfiguratorPage';
import { PAGE_SCHEME } from './page-options';
import './demo.css';

function Page() {
  switch (window.location.pathname) {
    case '/':
      return <LoginPage client={client} />;
    case '/reset':
      return <ResetPage client={client} />;
    case '/passkeys':
      return <PasskeysPage client={client} />;
    case '/idp':
      return <IdpPage client={client} />;
    case '/account':
      return <AccountPage client={client} />;
    case '/configurator':
      return <ConfiguratorPage client={client} />;
    case '/outbox':
      return <OutboxPage apiBaseUrl={demo.apiBaseUrl} />;
    default:
      return (
        <section>
          <h1>Page not found</h1>
          <p>
            There is no demo page at {window.location.pathname}. <a href="/">Go to the login page.</a>
          </p>
        </section>
      );
  }
}

document.documentElement.dataset.scheme = PAGE_SCHEME;

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <Layout client={client}>
      <Page />
    </Layout>
  </StrictMode>,
);
