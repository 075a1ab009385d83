import { useState } from 'react';

export interface CursorTrail {
  /** The cursor of the page shown (undefined: the first). */
  cursor: string | undefined;
  /** 1 for the first page. */
  page: number;
  /** Back to the page before, when there is one. */
  previous: (() => void) | null;
  /** On to the page the API's next_cursor names. */
  next(cursor: string): void;
}

/**
 * Paging through a list the API answers a page at a time with a next_cursor: the cursors followed
 * are kept, so 'Previous' goes back through them. A new `list` (another search) starts again at
 * the first page.
 */
export function useCursorTrail(list: string): CursorTrail {
  const [trail, setTrail] = useState<{ list: string; before: (string | undefined)[]; cursor: string | undefined }>({ list, before: [], cursor: undefined });
  const at = trail.list === list ? trail : { list, before: [], cursor: undefined };
  return {
    cursor: at.cursor,
    page: at.before.length + 1,
    previous: at.before.length > 0 ? () => setTrail({ list, before: at.before.slice(0, -1), cursor: at.before.at(-1) }) : null,
    next: (cursor) => setTrail({ list, before: [...at.before, at.cursor], cursor }),
  };
}
