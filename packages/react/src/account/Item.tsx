import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '../parts/Button';
import { useWidget } from '../widget/context';
import type { Change } from './action';
import { useSection } from './context';
import { texts } from './texts';
import type { Action } from './useAction';

export interface Badge {
  text: string;
  /** Filled: what marks the one that matters ('Primary', 'This device'). */
  strong?: boolean;
}

/**
 * One item of a section's list (an address, a number, a device, a wallet, a connected account):
 * its name, its badges and details, then its actions (`children`), which wrap under it on a
 * narrow screen.
 */
export function Item({ name, badges = [], details = [], children }: { name: ReactNode; badges?: Badge[]; details?: ReactNode[]; children?: ReactNode }) {
  return (
    <li className="vst-account-item">
      <div className="vst-account-item-main">
        <span className="vst-account-item-name">{name}</span>
        {badges.length ? (
          <span className="vst-account-badges">
            {badges.map((badge) => (
              <span key={badge.text} className={badge.strong ? 'vst-badge vst-badge--strong' : 'vst-badge'}>
                {badge.text}
              </span>
            ))}
          </span>
        ) : null}
        {details.map((detail, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an item's details are a fixed list in a fixed order
          <p key={i} className="vst-account-item-detail">
            {detail}
          </p>
        ))}
      </div>
      {children ? <div className="vst-account-item-actions">{children}</div> : null}
    </li>
  );
}

/**
 * An item's action: its word ('Remove'), and for screen readers the item it acts on, since every
 * item of the list has the same words.
 */
export function ItemAction({ label, subject, ...button }: Omit<ButtonProps, 'children' | 'variant'> & { label: string; subject: string }) {
  return (
    <Button variant="text" {...button}>
      {label}
      <span className="vst-visually-hidden"> {subject}</span>
    </Button>
  );
}

/**
 * 'Remove' (or the section's word for it, `label`): the item's removal through the section's
 * action. Once it is gone, so is the button that had the focus: the focus goes to the heading.
 */
export function RemoveAction({ action, change, subject, label }: { action: Action; change: Change; subject: string; label?: string }) {
  const { free } = useWidget();
  const { focusHeading } = useSection();
  return (
    <ItemAction label={label ?? free(texts.remove)} subject={subject} disabled={action.pending} onClick={() => action.run({ ...change, done: focusHeading })} />
  );
}
