import sourceLines from '@backbeat/common/i18n/source-lines.json';
import { notFound } from '../../lib/domain-errors.ts';
import type { LocalizationsRepository } from './repository.ts';

export type LocalizationsService = ReturnType<typeof createLocalizationsService>;

/**
 * The translate screen (issue 13): a language's lines beside every line of the app, collected
 * from the code (scripts/extract-lines.mjs). A save tells `onChange` listeners, which clear
 * the bootstrap's cached locales on every instance, so the next page is in the new words.
 */
export function createLocalizationsService(repository: LocalizationsRepository) {
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  return {
    onChange(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    changed,
    async lines(id: number) {
      const localization = await repository.findById(id);
      if (!localization) throw notFound();
      const { lines, ...rest } = localization;
      return { localization: rest, lines, source_lines: sourceLines as string[] };
    },
    /** Merges the translations; an empty one is removed (the English line shows). */
    async saveLines(id: number, changes: Record<string, string>) {
      const localization = await repository.findById(id);
      if (!localization) throw notFound();
      const lines = { ...localization.lines };
      for (const [line, translation] of Object.entries(changes)) {
        if (translation.trim()) lines[line] = translation;
        else delete lines[line];
      }
      await repository.saveLines(id, lines);
      changed();
      return { translated: Object.keys(lines).length };
    },
  };
}
