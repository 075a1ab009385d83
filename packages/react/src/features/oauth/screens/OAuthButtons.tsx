import { lazy } from 'react';
import { withLater } from '../../../later/load';
import { useFlow } from '../../../flow/FlowContext';
import { AfterFirstPaint } from '../../../parts/AfterFirstPaint';
import { Button } from '../../../parts/Button';
import { useWidget } from '../../../widget/context';
import { PROVIDER_NAMES } from '../strings';
import { OneTapRoom } from './OneTapRoom';

const loadLogo = () => import('./ProviderLogo');
const ProviderLogo = lazy(loadLogo);
// Google one-tap: its container and the code behind it load only for an entry with one_tap.
const loadOneTap = withLater(() => import('./OneTapContainer'));
const OneTapContainer = lazy(loadOneTap);

/**
 * One 'Continue with {provider}' button per entry of oauthOptions.providers, in configuration
 * order: Main's `oauth` block, and the landing's way on after a failure. The marks arrive a moment
 * later; the space they take is kept so the text does not move.
 */
export function OAuthButtons() {
  const { t, config } = useWidget();
  const { state, send } = useFlow();
  const oneTap = config.oauthOptions?.providers.find((entry) => entry.one_tap);
  return (
    <>
      {oneTap ? (
        <AfterFirstPaint fallback={<OneTapRoom entry={oneTap} />} load={loadOneTap}>
          <OneTapContainer entry={oneTap} />
        </AfterFirstPaint>
      ) : null}
      <ul className="vst-oauth-buttons">
        {(config.oauthOptions?.providers ?? []).map(({ type }) => (
          <li key={type}>
            <Button
              variant="secondary"
              loading={state.oauthStarting === type}
              disabled={state.pending}
              onClick={() => send({ type: 'START_OAUTH', provider: type })}
            >
              <AfterFirstPaint fallback={<span className="vst-oauth-logo" />} load={loadLogo}>
                <ProviderLogo type={type} />
              </AfterFirstPaint>
              {t('continueWithProvider', { provider: PROVIDER_NAMES[type] })}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
