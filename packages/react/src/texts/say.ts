/**
 * A text kept outside the strings tables (a `texts.ts` beside a feature or a mount: src/strings/en.ts
 * puts every strings.ts into the shared core the login mount loads up front, so texts only a lazily
 * loaded part or another mount shows stay out of it), translated by its English wording (the
 * host's `strings`, through `free`), its {placeholders} filled.
 */
export function say(free: (text: string) => string, text: string, values: Record<string, string> = {}): string {
  return free(text).replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? values[name]! : whole));
}
