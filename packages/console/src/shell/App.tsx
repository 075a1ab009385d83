import type { VestibuleClient } from '@vestibule/client';
import { Route, Router, Switch } from 'wouter';
import { ClientsPage } from '../clients/ClientsPage';
import { KeysPage } from '../keys/KeysPage';
import type { PageConfig } from '../page-config';
import { PageHeading } from '../parts/PageHeading';
import { ConfirmItIsYou } from '../session/confirm';
import { Gate } from '../session/Gate';
import { SignInsPage } from '../sign-ins/SignInsPage';
import { UserPage } from '../user/UserPage';
import { UsersPage } from '../users/UsersPage';
import { WebhookPage } from '../webhooks/WebhookPage';
import { WebhooksPage } from '../webhooks/WebhooksPage';
import { Layout } from './Layout';

/** The console: its pages, each at a path under the console's own (/console/users/…), behind the gate. */
export function App({ config, client }: { config: PageConfig; client: VestibuleClient }) {
  return (
    <Router base={config.basePath}>
      <Gate config={config} client={client}>
        <ConfirmItIsYou>
          <Layout>
            <Switch>
              <Route path="/" component={UsersPage} />
              <Route path="/users/:userId">{(params) => <UserPage key={params.userId} userId={params.userId} />}</Route>
              <Route path="/sign-ins" component={SignInsPage} />
              <Route path="/clients" component={ClientsPage} />
              <Route path="/webhooks" component={WebhooksPage} />
              <Route path="/webhooks/:webhookId">{(params) => <WebhookPage key={params.webhookId} webhookId={params.webhookId} />}</Route>
              <Route path="/keys" component={KeysPage} />
              <Route>
                <PageHeading title="Page not found" />
                <p>The console has no page here. Choose a section above.</p>
              </Route>
            </Switch>
          </Layout>
        </ConfirmItIsYou>
      </Gate>
    </Router>
  );
}
