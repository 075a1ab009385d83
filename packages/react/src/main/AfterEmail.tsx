import { Suspense } from 'react';
import { useFlow } from '../flow/FlowContext';
import { useWidget } from '../widget/context';
import { offers } from './layout';

/**
 * Identifier-first: on a screen that follows the email typed on Main, the other ways in that the
 * configured methods offer for that address (passkeys: 'Use your passkey'). Each loads with the
 * screen; nothing is drawn until it has.
 */
export function AfterEmail({ email }: { email: string }) {
  const { features } = useFlow();
  const { config } = useWidget();
  return (
    <Suspense fallback={null}>
      {offers(features, config).map((offer) => (offer.afterEmail ? <offer.afterEmail key={offer.product} email={email} /> : null))}
    </Suspense>
  );
}
