import { useFlow } from '../../../flow/FlowContext';
import { Button } from '../../../parts/Button';
import { useWidget } from '../../../widget/context';

/** Main's 'Use an example code': opens the method's screen. */
export function ExampleCodeButton() {
  const { t } = useWidget();
  const { state, send } = useFlow();
  return (
    <div className="vst-example-code">
      <Button variant="secondary" disabled={state.pending} onClick={() => send({ type: 'EXAMPLE_CODE_OPEN' })}>
        {t('useExampleCode')}
      </Button>
    </div>
  );
}
