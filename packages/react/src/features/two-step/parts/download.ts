/**
 * How long the object URL of a download stays valid: the browser reads the file from it after the
 * click returns, and slowly on a busy page (FileSaver.js waits as long).
 */
const KEEP_URL_MS = 40_000;

/** Saves `text` as a file named `fileName`, made in the browser: a Blob behind an object URL, clicked as a download link. */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), KEEP_URL_MS);
}

/** 'acme-recovery-codes.txt' for the project 'Acme': its letters and digits, lower case, the rest as dashes; 'recovery-codes.txt' without a name. */
export function recoveryCodesFileName(projectName: string): string {
  const slug = projectName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug ? `${slug}-recovery-codes.txt` : 'recovery-codes.txt';
}
