/**
 * User text shown as plain text (profile descriptions): markup and control characters are
 * dropped on write, line breaks are kept (as `\n`), and blank input becomes null. The page
 * renders it as text, never as HTML, so this is belt and braces, not the only defence.
 */
export function plainText(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const text = value
    .replace(/\r\n?/g, '\n')
    // Comments, then tags; a lone "<" in ordinary text ("a < b") stays.
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<\/?[a-z!?][^>]*>/gi, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    // At most one empty line in a row.
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text || null;
}
