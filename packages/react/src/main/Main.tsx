import { useFlow } from '../flow/FlowContext';
import { Divider } from '../parts/Divider';
import { Heading } from '../parts/Heading';
import { Logo } from '../parts/Logo';
import { Tabs } from '../parts/Tabs';
import { useWidget } from '../widget/context';
import { mainLayout, type MainBlock, type MainTab } from './layout';

/** A slot's component, as the mount's features offer it (nothing when none does). */
function Slot({ name }: { name: string }) {
  const { mainSlots } = useFlow();
  const Component = mainSlots[name];
  return Component ? <Component /> : null;
}

/** The email/phone form: one form, or tabs when more than one method applies. The chosen tab survives the back arrow. */
function MethodForms({ tabs }: { tabs: MainTab[] }) {
  const { t } = useWidget();
  const { state, send } = useFlow();
  const selected = tabs.find((tab) => tab.method === state.mainTab) ?? tabs[0]!;
  if (tabs.length === 1) return <Slot name={selected.slot} />;
  return (
    <Tabs
      label={t('signInMethods')}
      tabs={tabs.map((tab) => ({ id: tab.method, label: t(tab.label) }))}
      selected={selected.method}
      onSelect={(tab) => {
        if (tab !== selected.method) send({ type: 'SELECT_TAB', tab });
      }}
    >
      <Slot key={selected.method} name={selected.slot} />
    </Tabs>
  );
}

const blockKey = (block: MainBlock, i: number) =>
  block.kind === 'divider' ? `divider-${i}` : block.kind === 'slot' ? block.slot : 'form';

function Block({ block }: { block: MainBlock }) {
  const { t } = useWidget();
  switch (block.kind) {
    case 'form':
      return (
        <div className="vst-block">
          <MethodForms tabs={block.tabs} />
        </div>
      );
    case 'slot':
      return <Slot name={block.slot} />;
    case 'divider':
      return <Divider label={t(block.label)} />;
  }
}

/** 'Sign up or log in': the logo, the title, then the blocks mainLayout decides, or the configuration error. */
export function Main() {
  const { config, t } = useWidget();
  const { state } = useFlow();
  // The browser's answer is kept in the flow state by the passkeys feature (MainEnvironment).
  const layout = mainLayout(config, { passkeyAutofill: state.passkeyAutofill });
  return (
    <>
      <Logo />
      <Heading>{t('title')}</Heading>
      {layout.error ? (
        <p className="vst-error-text" role="alert">
          {t(layout.error)}
        </p>
      ) : (
        layout.blocks.map((block, i) => <Block key={blockKey(block, i)} block={block} />)
      )}
    </>
  );
}
