import type { ReactNode } from 'react';
import { useFlow } from '../../../flow/FlowContext';
import { BackArrow } from '../../../parts/BackArrow';
import { Heading } from '../../../parts/Heading';
import { useWidget } from '../../../widget/context';

/** Every wallet screen's header row: the back arrow to Main, then the title (focus moves to it). */
export function WalletHeader({ children }: { children?: ReactNode }) {
  const { t } = useWidget();
  const { send } = useFlow();
  return (
    <div className="vst-header-row">
      <BackArrow label={t('back')} onClick={() => send({ type: 'WALLET_BACK' })} />
      {children ? <Heading>{children}</Heading> : null}
    </div>
  );
}
