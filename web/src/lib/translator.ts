import { useCallback } from 'react';
import { translate, translateChoice, type Replacements } from '@backbeat/common';
import { getBootstrap, useBootstrap } from './bootstrap.ts';

export type Trans = (line: string, replacements?: Replacements) => string;

/** Every user-visible string goes through this, with `:placeholders` (DESIGN §5). */
export function useTrans(): Trans {
  const lines = useBootstrap((d) => d.locale.lines);
  return useCallback((line, replacements) => translate(lines, line, replacements), [lines]);
}

export type TransChoice = (line: string, count: number, replacements?: Replacements) => string;

/** Lines with a count: `':count track|:count tracks'`, by the locale's plural rules. */
export function useTransChoice(): TransChoice {
  const locale = useBootstrap((d) => d.locale);
  return useCallback(
    (line, count, replacements) =>
      translateChoice(locale.lines, line, count, replacements, locale.language),
    [locale],
  );
}

/** For code outside React (toasts raised from callbacks). */
export const trans: Trans = (line, replacements) =>
  translate(getBootstrap().locale.lines, line, replacements);
