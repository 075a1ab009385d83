import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { User } from '@vestibule/contract';
import type { AccountSection, Feature } from '../flow/feature';
import type { ServerState } from '../types';
import { LazyBanner as Banner } from '../parts/LazyBanner';
import { Heading } from '../parts/Heading';
import { Loading } from '../parts/Loading';
import { say } from '../texts/say';
import { useWidget } from '../widget/context';
import { AccountContext, SectionContext, type AccountContextValue } from './context';
import { primaryContact } from './primary';
import { accountSections } from './sections';
import stylesheet from './styles.css?inline';
import { addStyles } from '../theme/injectStyles';
import { texts } from './texts';
import { drawnForThisBrowser } from '../widget/server-state';

// The page's rules come with the page, into the widget's one stylesheet (not a <style> of its own:
// React 18 on a server escapes a style's text, its '>' as '&gt;', which the browser reads as is).
addStyles(stylesheet);

/** One section: its heading, and its content once loaded. */
function Section({ section }: { section: AccountSection }) {
  const { free } = useWidget();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const value = useMemo(() => ({ headingId: id, focusHeading: () => heading.current?.focus() }), [id]);
  const Content = section.section;
  return (
    <section className="vst-account-section" aria-labelledby={id} data-section={section.id}>
      <h2 className="vst-account-heading" id={id} ref={heading} tabIndex={-1}>
        {free(section.heading)}
      </h2>
      <SectionContext.Provider value={value}>
        <Suspense fallback={<Loading />}>
          <Content />
        </Suspense>
      </SectionContext.Provider>
    </section>
  );
}

/**
 * The signed-in user, following every change (a section's, a sign-in or sign-out in this tab or
 * another), fetched afresh once. On a server and while hydrating, the one the host's server saw;
 * after, the client's, or the server's while the client has not read the session yet, if the
 * server read this browser's.
 */
function useUser(server: ServerState | undefined): User | null {
  const { client } = useWidget();
  const subscribe = useCallback((changed: () => void) => client.user.onChange(changed), [client]);
  const seen = server?.user ?? null;
  // The server's user stands in until the client has read the session, if the server read this browser's.
  const [ours] = useState(() => server !== undefined && drawnForThisBrowser(server, client));
  const live = useCallback(() => {
    const user = client.user.getSync() ?? (seen && ours ? seen : null);
    // The same user as the server's is the server's object: nothing below redraws (a section still
    // hydrating would go back to loading).
    return user && seen && JSON.stringify(user) === JSON.stringify(seen) ? seen : user;
  }, [client, seen, ours]);
  const user = useSyncExternalStore(subscribe, live, () => seen);
  useEffect(() => {
    // The copy cached at the last sign-in may be old: the page lists what the server has now.
    if (client.user.getSync()) client.user.get().catch(() => undefined);
  }, [client]);
  return user;
}

/**
 * The account page: 'Your account', then each section the mount's features offer for this
 * configuration and user (account/sections.ts), each under its heading. Signed out, a plain
 * sentence; after a deletion, that it is deleted. Its rules join the shared stylesheet the shell
 * injects (with the page's nonce); a page drawn by a server has them in @vestibule/react/styles.css.
 *
 * The sections of one user never show another's: when someone else signs in (the confirm step
 * used another account's passkey, or a sign-in in another tab), every section starts again with
 * them (keyed by user), under a banner that says so, which takes the focus from the step that went.
 */
export function AccountPage({ features, serverState }: { features: readonly Feature[]; serverState?: ServerState }) {
  const { config, free } = useWidget();
  const user = useUser(serverState);
  const [deleted, setDeleted] = useState(false);
  const [switchedTo, setSwitchedTo] = useState<User | null>(null);
  const shown = useRef(user?.user_id ?? null);
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const id = user?.user_id ?? null;
    if (shown.current !== null && id !== null && id !== shown.current) setSwitchedTo(user);
    shown.current = id;
  }, [user]);
  useEffect(() => {
    if (switchedTo) notice.current?.focus();
  }, [switchedTo]);

  const context = useMemo<AccountContextValue | null>(() => {
    if (!user) return null;
    // The server's reading belongs to the user it read, not to one who signed in since.
    const server = serverState && serverState.user?.user_id === user.user_id ? { now: serverState.now, devices: serverState.devices } : undefined;
    return { user, features, deleted: () => setDeleted(true), server };
  }, [user, features, serverState]);

  let body: ReactNode;
  if (deleted) {
    body = (
      <p className="vst-text" role="status">
        {free(texts.deleted)}
      </p>
    );
  } else if (!context) {
    body = <p className="vst-text">{free(texts.signedOut)}</p>;
  } else {
    body = (
      <AccountContext.Provider value={context}>
        {switchedTo && switchedTo.user_id === context.user.user_id ? (
          <div ref={notice} tabIndex={-1} className="vst-account-notice">
            <Suspense fallback={null}>
              <Banner
                variant="warning"
                message={say(free, texts.otherUser, { who: primaryContact(switchedTo) ?? switchedTo.user_id })}
                onDismiss={() => setSwitchedTo(null)}
              />
            </Suspense>
          </div>
        ) : null}
        {accountSections(features, config, context.user).map((section) => (
          <Section key={`${context.user.user_id}:${section.id}`} section={section} />
        ))}
      </AccountContext.Provider>
    );
  }
  return (
    <div className="vst-account">
      <Heading>{free(texts.title)}</Heading>
      {body}
    </div>
  );
}
