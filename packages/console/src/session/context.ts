import type { VestibuleClient } from '@vestibule/client';
import { createContext, useContext } from 'react';
import type { Call } from '../api/request';
import type { PageConfig } from '../page-config';

export interface Operator {
  config: PageConfig;
  client: VestibuleClient;
  /** Calls the management API with the operator's session. */
  call: Call;
  /** Who is signed in, as the console names them (their primary email). */
  email: string | null;
  signOut(): Promise<void>;
}

export const OperatorContext = createContext<Operator | null>(null);

/** The signed-in operator, for the pages inside the gate (session/Gate.tsx). */
export function useOperator(): Operator {
  const operator = useContext(OperatorContext);
  if (!operator) throw new Error('useOperator is used outside the signed-in console.');
  return operator;
}
