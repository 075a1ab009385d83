import { useWidget } from '../widget/context';

/** The host's logo (styles.logo.logoImageUrl), at most 50 px high and 100 px wide. */
export function Logo() {
  const { styles, bootstrap, t } = useWidget();
  const url = styles.logo?.logoImageUrl;
  if (!url) return null;
  return <img className="vst-logo" src={url} alt={bootstrap.projectName || t('logoAlt')} />;
}
