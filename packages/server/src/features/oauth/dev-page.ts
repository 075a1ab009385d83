import { createHash } from 'node:crypto';
import { escapeHtml } from '../../delivery/email-parts.js';

/**
 * The development provider's sign-in page: a plain form, no script (the CSP allows none), its one
 * style block allowed by hash. It reads at 320 px: the form is one column and never wider than
 * the screen.
 */
const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem 1rem;background:#f6f7f9;color:#1a1d21}
main{max-width:24rem;margin:0 auto;background:#fff;border:1px solid #d5d9de;border-radius:8px;padding:1.25rem}
h1{font-size:1.35rem;margin:0 0 .5rem}p{margin:0 0 1rem;line-height:1.4}
label{display:block;font-weight:600;margin-bottom:.35rem}
input{box-sizing:border-box;width:100%;font:inherit;padding:.6rem;border:1px solid #6b7380;border-radius:6px}
.error{color:#a4161a;margin:.4rem 0 0}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:1rem}
button{font:inherit;padding:.6rem 1rem;border-radius:6px;border:1px solid #1a1d21;background:#fff;color:#1a1d21;cursor:pointer}
button[value=allow]{background:#1a4fd6;border-color:#1a4fd6;color:#fff}
button:focus-visible,input:focus-visible{outline:3px solid #f5a623;outline-offset:2px}`;

export const DEV_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; frame-ancestors 'none'`;

export interface DevPageInput {
  providerLabel: string;
  /** The page's own URL (the form posts back to it). */
  action: string;
  /** The authorization request, posted back as it came. */
  hidden: Record<string, string>;
  email: string;
  error: string | null;
}

export function devSignInPage(input: DevPageInput): string {
  const hidden = Object.entries(input.hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const provider = escapeHtml(input.providerLabel);
  const error = input.error ? `<p class="error" id="email-error">${escapeHtml(input.error)}</p>` : '';
  const invalid = input.error ? ' aria-invalid="true" aria-describedby="email-error"' : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development sign-in</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Development sign-in</h1>
<p>This stands in for <strong>${provider}</strong> while the server runs in development without ${provider} credentials. Any address signs in as the ${provider} account of that address.</p>
<form method="post" action="${escapeHtml(input.action)}">
${hidden}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(input.email)}"${invalid}>
${error}
<div class="actions">
<button type="submit" name="decision" value="allow">Continue</button>
<button type="submit" name="decision" value="deny" formnovalidate>Cancel</button>
</div>
</form>
</main>
</body>
</html>
`;
}
