/** Spec §2: lowercased, spaces to hyphens, punctuation dropped. Letters of any script stay. */
export function slugify(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]+/gu, '')
    .trim()
    .replace(/[\s-]+/g, '-');
}
