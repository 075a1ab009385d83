import { useEffect, useRef } from 'react';
import { ActionStatus } from '../../../account/ActionStatus';
import { useAccount } from '../../../account/context';
import { Item, RemoveAction } from '../../../account/Item';
import { useAction } from '../../../account/useAction';
import { forgetLinkToken } from '../../../flow/linkToken';
import { Button } from '../../../parts/Button';
import { say } from '../../../texts/say';
import { useWidget } from '../../../widget/context';
import { readOAuthLanding } from '../landingUrl';
import { PROVIDER_NAMES } from '../strings';
import ProviderLogo from '../screens/ProviderLogo';
import { oauthChanges } from './changes';
import { texts } from './texts';

/** This page's address, where a provider's flow comes back to (it must be on the project's login allowlist). */
const thisPage = () => `${window.location.origin}${window.location.pathname}`;

/**
 * 'Connected accounts': each social account linked to the user, with its provider's mark and name
 * and the address it gave, and 'Disconnect'; then 'Connect {provider}' for each provider of
 * oauthOptions.providers not linked yet. Connecting leaves for the provider and comes back to this
 * page, whose landing token this section exchanges (with the user's session, which links the
 * account) once, then takes off the address bar.
 */
export default function ConnectedAccountsSection() {
  const { free, config } = useWidget();
  const { user } = useAccount();
  const action = useAction();
  const { run } = action;
  const changes = oauthChanges(free, config);
  const linked = user.oauth_accounts;
  const offered = (config.products.includes('oauth') ? (config.oauthOptions?.providers ?? []) : []).filter(
    (entry) => !linked.some((account) => account.provider_type === entry.type),
  );

  // Back from a provider: the landing's token (or failure) is read once (React's strict mode runs effects twice).
  const landed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the section shows; changes is made at each render from the same texts
  useEffect(() => {
    if (landed.current) return;
    landed.current = true;
    const landing = readOAuthLanding(window.location.search);
    if (!landing) return;
    forgetLinkToken();
    if (landing.token) run(changes.link(landing.token));
    else run(changes.landingFailed(landing.errorType ?? 'oauth_flow_callback_error'));
  }, [run]);

  return (
    <>
      {linked.length ? (
        <ul className="vst-list">
          {linked.map((account) => {
            const name = PROVIDER_NAMES[account.provider_type];
            return (
              <Item
                key={`${account.provider_type}:${account.provider_subject}`}
                name={
                  <span className="vst-account-provider">
                    <ProviderLogo type={account.provider_type} />
                    {name}
                  </span>
                }
                details={[account.email ?? free(texts.noEmail)]}
              >
                <RemoveAction
                  action={action}
                  change={changes.disconnect(account)}
                  subject={account.email ? `${name} ${account.email}` : name}
                  label={free(texts.disconnect)}
                />
              </Item>
            );
          })}
        </ul>
      ) : (
        <p className="vst-note">{free(texts.none)}</p>
      )}
      {offered.length ? (
        <ul className="vst-oauth-buttons">
          {offered.map((entry) => (
            <li key={entry.type}>
              <Button variant="secondary" disabled={action.pending} onClick={() => action.run(changes.connect(entry, thisPage()))}>
                <ProviderLogo type={entry.type} />
                {say(free, texts.connect, { provider: PROVIDER_NAMES[entry.type] })}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <ActionStatus action={action} />
    </>
  );
}
