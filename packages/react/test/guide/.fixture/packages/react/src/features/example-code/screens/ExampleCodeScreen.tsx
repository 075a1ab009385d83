import { useFlow } from '../../../flow/FlowContext';
import { BackArrow } from '../../../parts/BackArrow';
import { Heading } from '../../../parts/Heading';
import { useWidget } from '../../../widget/context';

/** The method's screen: the back arrow to Main and its title. */
export function ExampleCodeScreen() {
  const { t } = useWidget();
  const { send } = useFlow();
  return (
    <div className="vst-header-row">
      <BackArrow label={t('back')} onClick={() => send({ type: 'EXAMPLE_CODE_CLOSE' })} />
      <Heading>{t('enterExampleCode')}</Heading>
    </div>
  );
}
