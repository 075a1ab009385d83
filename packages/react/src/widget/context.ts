import { createContext, useContext } from 'react';
import type { VestibuleClient, VestibuleErrorInfo } from '@vestibule/client';
import type { Bootstrap } from '@vestibule/contract';
import type { Locale } from '@vestibule/contract/locales';
import type { Translate, TranslateRich } from '../strings/translate';
import type { Callbacks, LoginConfig, Styles, WidgetEventType } from '../types';

export interface WidgetContextValue {
  client: VestibuleClient;
  config: LoginConfig;
  styles: Styles;
  callbacks: Callbacks | undefined;
  bootstrap: Bootstrap;
  /** The language the widget speaks (its texts, and dates and numbers formatted with Intl). */
  locale: Locale;
  t: Translate;
  tr: TranslateRich;
  /** Translates a text that is not one of ours (a server message), by its English text. */
  free: (text: string) => string;
  emit(type: WidgetEventType, data: unknown): void;
  reportError(error: VestibuleErrorInfo): void;
}

export const WidgetContext = createContext<WidgetContextValue | null>(null);

export function useWidget(): WidgetContextValue {
  const value = useContext(WidgetContext);
  if (!value) throw new Error('Vestibule: a widget part was rendered outside its mount.');
  return value;
}
