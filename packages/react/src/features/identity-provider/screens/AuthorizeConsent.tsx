import { Button } from '../../../parts/Button';
import { Heading } from '../../../parts/Heading';
import { useFlow } from '../../../flow/FlowContext';
import type { IDPConsentItem } from '../../../types';
import { useWidget } from '../../../widget/context';
import { allStandard, consentManifest, defaultManifest } from '../consent';
import { useIdpOptions } from '../options';
import type { IdpConsent } from '../state';
import { say, texts } from '../texts';

function ConsentList({ items }: { items: IDPConsentItem[] }) {
  return (
    <ul className="vst-list">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items have no id and two may share a header; the list is made once for the consent shown and never reordered
        <li key={i}>
          {item.header}
          {item.details.length ? (
            <ul>
              {item.details.map((detail, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: details are plain strings that may repeat; the list is made once for the consent shown and never reordered
                <li key={j}>{detail}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The consent screen: the title, what the client may do (the host's
 * manifest or the default wording), Allow and Deny, and the scopes the user cannot grant behind a
 * collapsible notice.
 */
export function AuthorizeConsent({ consent }: { consent: IdpConsent }) {
  const { free, bootstrap } = useWidget();
  const { send } = useFlow();
  const { getIDPConsentManifest } = useIdpOptions();
  const { clientName, grantable, ungrantable } = consent;
  const values = { clientName, projectName: bootstrap.projectName };
  const title = allStandard([...grantable, ...ungrantable]) ? texts.authorizeTitle : texts.authorizeTitleCustom;
  const items = consentManifest(getIDPConsentManifest, { scopes: grantable, clientName }, bootstrap, free);
  return (
    <>
      <Heading focusOnMount>{say(free, title, values)}</Heading>
      {items.length ? <ConsentList items={items} /> : null}
      {ungrantable.length ? (
        <details className="vst-text">
          <summary>{say(free, texts.ungrantableSummary, values)}</summary>
          <p>{say(free, texts.ungrantableList, values)}</p>
          <ConsentList items={defaultManifest(ungrantable, bootstrap, free)} />
        </details>
      ) : null}
      <div className="vst-block">
        <Button onClick={() => send({ type: 'IDP_CONSENT', granted: true })}>{free(texts.allow)}</Button>
        <Button variant="secondary" onClick={() => send({ type: 'IDP_CONSENT', granted: false })}>
          {free(texts.deny)}
        </Button>
      </div>
    </>
  );
}
