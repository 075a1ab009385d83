import { useState } from 'react';
import { useWidget } from '../../../widget/context';
import { texts } from './texts';

/**
 * Copying to the clipboard, and what came of it to say in a polite live region ('Copied', or that
 * the browser refused). `said` is emptied on each copy, so that a second 'Copied' is read again.
 */
export function useCopy(): { copy(text: string): void; said: string } {
  const { free } = useWidget();
  const [said, setSaid] = useState('');
  const copy = (text: string) => {
    setSaid('');
    // No clipboard outside a secure page (http://) or in an old browser: the same as a refusal.
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    (clipboard ? clipboard.writeText(text) : Promise.reject(new Error('no clipboard'))).then(
      () => setSaid(free(texts.copied)),
      () => setSaid(free(texts.copyFailed)),
    );
  };
  return { copy, said };
}
