import { useWidget } from '../widget/context';
import { Spinner } from './Spinner';

export function Loading() {
  const { t } = useWidget();
  return (
    <div className="vst-loading" role="status">
      <Spinner large />
      <span className="vst-visually-hidden">{t('loading')}</span>
    </div>
  );
}
