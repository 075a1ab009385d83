import { createContext, useContext } from 'react';
import type { DeviceSession, User } from '@vestibule/contract';
import type { Feature } from '../flow/feature';

/** What the account page gives its sections. */
export interface AccountContextValue {
  /** The signed-in user as the server last answered. */
  user: User;
  /** The mount's features (the confirm step asks them for their ways). */
  features: readonly Feature[];
  /** The account was deleted: the page says so in place of the sections. */
  deleted(): void;
  /** What the host's server read for this user (serverState): its clock then, and the devices it listed. */
  server?: { now: number; devices?: DeviceSession[] };
}

export const AccountContext = createContext<AccountContextValue | null>(null);

export function useAccount(): AccountContextValue {
  const value = useContext(AccountContext);
  if (!value) throw new Error('Vestibule: an account section was rendered outside the account page.');
  return value;
}

/** What a section's content knows of the section around it. */
export interface SectionContextValue {
  /** The id of the section's heading, which names the section's list. */
  headingId: string;
  /** Moves the focus to the section's heading (when the control that had it goes away, a deleted item's). */
  focusHeading(): void;
}

export const SectionContext = createContext<SectionContextValue | null>(null);

export function useSection(): SectionContextValue {
  const value = useContext(SectionContext);
  if (!value) throw new Error('Vestibule: an account section was rendered outside its section.');
  return value;
}
