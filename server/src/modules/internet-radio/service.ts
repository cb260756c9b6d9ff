import {
  internetRadioStationSchema,
  updateInternetRadioStationSchema,
  type InternetRadioStationInput,
} from '@backbeat/common';
import { notFound, validationFailed } from '../../lib/domain-errors.ts';
import type { InternetRadioRepository } from './repository.ts';

/** Zod's messages per field, as a validation failure. */
function invalid(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues)
    (errors[String(issue.path[0] ?? 'station')] ??= []).push(issue.message);
  return validationFailed(errors);
}

/**
 * Internet radio stations (issue 38, item 2): everyone signed in lists them, admins keep the
 * list (who may is the caller's check). Addresses are http or https only.
 */
export function createInternetRadioService(deps: { repository: InternetRadioRepository }) {
  const { repository } = deps;
  return {
    list: () => repository.all(),

    async create(input: Partial<InternetRadioStationInput>) {
      const parsed = internetRadioStationSchema.safeParse(input);
      if (!parsed.success) throw invalid(parsed.error.issues);
      return repository.insert({
        name: parsed.data.name,
        stream_url: parsed.data.stream_url,
        homepage_url: parsed.data.homepage_url ?? null,
      });
    },

    async update(id: number, input: Partial<InternetRadioStationInput>) {
      const parsed = updateInternetRadioStationSchema.safeParse(input);
      if (!parsed.success) throw invalid(parsed.error.issues);
      const { name, stream_url, homepage_url } = parsed.data;
      const changed = await repository.update(id, {
        ...(name !== undefined ? { name } : {}),
        ...(stream_url !== undefined ? { stream_url } : {}),
        ...(homepage_url !== undefined ? { homepage_url: homepage_url || null } : {}),
      });
      if (!changed) throw notFound('Internet radio station not found.');
    },

    async delete(id: number) {
      if (!(await repository.delete(id))) throw notFound('Internet radio station not found.');
    },
  };
}

export type InternetRadioService = ReturnType<typeof createInternetRadioService>;
