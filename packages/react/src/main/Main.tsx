import { useEffect } from 'react';
import type { MainTab } from '../flow/feature';
import { useFlow } from '../flow/FlowContext';
import { afterPaint } from '../later/afterPaint';
import { Divider } from '../parts/Divider';
import { Heading } from '../parts/Heading';
import { Logo } from '../parts/Logo';
import { Tabs } from '../parts/Tabs';
import { useWidget } from '../widget/context';
import { mainLayout } from './layout';

/** Main's form: the one tab's form, or tabs when there are more. The chosen tab survives the back arrow. */
function MethodForms({ tabs }: { tabs: MainTab[] }) {
  const { t } = useWidget();
  const { state, send } = useFlow();
  const selected = tabs.find((tab) => tab.id === state.mainTab) ?? tabs[0]!;
  const Form = selected.form;
  // Every tab's lazy form is fetched once the screen has painted, so a switch to a tab draws it at once.
  const ids = tabs.map((tab) => tab.id).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tabs are new objects on every render; their ids say when they change
  useEffect(
    () =>
      afterPaint(() => {
        for (const tab of tabs) tab.load?.().catch(() => undefined);
      }),
    [ids],
  );
  if (tabs.length === 1) return <Form />;
  return (
    <Tabs
      label={t('signInMethods')}
      tabs={tabs.map((tab) => ({ id: tab.id, label: t(tab.label) }))}
      selected={selected.id}
      onSelect={(tab) => {
        if (tab !== selected.id) send({ type: 'SELECT_TAB', tab });
      }}
    >
      <Form key={selected.id} />
    </Tabs>
  );
}

/** 'Sign up or log in': the logo, the title, then the blocks mainLayout decides with the dividers 'or' between them, or the configuration error. */
export function Main() {
  const { config, t } = useWidget();
  const { state, features } = useFlow();
  const layout = mainLayout(features, config, state);
  return (
    <>
      <Logo />
      <Heading>{t('title')}</Heading>
      {layout.error ? (
        <p className="vst-error-text" role="alert">
          {t(layout.error)}
        </p>
      ) : (
        layout.blocks.flatMap((block, i) => [
          i > 0 && <Divider key={`or${block.at}`} label={t('or')} />,
          'tabs' in block ? (
            <div key={block.at} className="vst-block">
              <MethodForms tabs={block.tabs} />
            </div>
          ) : (
            <block.draw key={block.at} />
          ),
        ])
      )}
    </>
  );
}
