/**
 * User text shown as plain text (profile and playlist descriptions, comments). It is stored
 * as typed, markup included, and every place that shows it escapes it: React renders it as
 * text, email templates escape it. Stripping tags instead would be unsafe (a single pass turns
 * `<<b>script>` into `<script>`) and would change what the person wrote (`a <b> c`). Only
 * what no one types on purpose goes: control characters; line breaks become `\n`, runs of
 * empty lines are capped, and blank input becomes null.
 */
export function plainText(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const text = value
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    // At most one empty line in a row.
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text || null;
}
