import { useId, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

export interface TabsProps<T extends string> {
  /** Accessible name of the tab list. */
  label: string;
  tabs: TabItem<T>[];
  selected: T;
  onSelect(id: T): void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation: role tablist/tab/tabpanel, one tab in the tab order
 * (roving tabindex), Left/Right arrows (wrapping), Home and End move to and select a tab. Where the
 * widget reads right to left the arrows swap: each moves toward the tab it points at.
 */
export function Tabs<T extends string>({ label, tabs, selected, onSelect, children }: TabsProps<T>) {
  const base = useId();
  const tabId = (id: T) => `${base}-tab-${id}`;
  const panelId = `${base}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const count = tabs.length;
    const at = tabs.findIndex((tab) => tab.id === selected);
    const [right, left] = event.currentTarget.matches('[dir=rtl] *') ? [at - 1 + count, at + 1] : [at + 1, at - 1 + count];
    const next = ({ ArrowRight: right, ArrowLeft: left, Home: 0, End: count - 1 } as Record<string, number>)[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onSelect(tabs[next % count]!.id);
    // The tab list's buttons are the tabs, in order.
    (event.currentTarget.parentElement?.children[next % count] as HTMLElement | undefined)?.focus();
  };

  return (
    <div className="vst-tabs">
      <div role="tablist" aria-label={label} className="vst-tablist">
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              className="vst-tab"
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              onKeyDown={onKeyDown}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} className="vst-tabpanel">
        {children}
      </div>
    </div>
  );
}
