const SIGNIFICANT = /[0-9+]/;

/** How many significant characters (digits and '+') come before position `at` of `text`. */
function significantBefore(text: string, at: number): number {
  let count = 0;
  for (let i = 0; i < at && i < text.length; i++) if (SIGNIFICANT.test(text[i] ?? '')) count++;
  return count;
}

/**
 * Where the caret belongs in `formatted` so that it stays after the same digit it followed in
 * `typed`: editing the middle of a number keeps the caret in the middle, just before the next
 * digit. A caret at the end stays at the end.
 */
export function caretAfterFormat(typed: string, at: number, formatted: string): number {
  if (at >= typed.length) return formatted.length;
  const wanted = significantBefore(typed, at);
  if (wanted === 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (SIGNIFICANT.test(formatted[i] ?? '') && ++seen === wanted) {
      // Between two digits, stand before the next digit (after any '-', ' ' or ')' in between),
      // so that the caret does not jump back over the formatting.
      let next = i + 1;
      while (next < formatted.length && !SIGNIFICANT.test(formatted[next] ?? '')) next++;
      return next < formatted.length ? next : i + 1;
    }
  }
  return formatted.length;
}
