import { useFlow } from '../../../flow/FlowContext';
import { BackArrow } from '../../../parts/BackArrow';
import { Heading } from '../../../parts/Heading';
import { useWidget } from '../../../widget/context';

/**
 * A part's title (`focus`: it takes the focus when it shows, TwoStep.tsx), after the back arrow that gives the held sign-in up: the mount starts again
 * (Main, its form filled as it was). The intermediate session is left to expire (10 minutes): the
 * client has no call that only forgets it, and the next sign-in replaces it.
 */
export function Header({ title, focus }: { title: string; focus: boolean }) {
  const { t, free } = useWidget();
  const { send } = useFlow();
  return (
    <div className="vst-header-row">
      <BackArrow label={t('back')} onClick={() => send({ type: 'START_AGAIN' })} />
      <Heading focusOnMount={focus}>{free(title)}</Heading>
    </div>
  );
}
