import { useMutation } from '@tanstack/react-query';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { useBootstrap, useBootstrapStore } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { Icon } from '../../ui/icons.tsx';
import { showErrorToast } from '../../ui/toast/error-toast.ts';

/** Footer language picker, shown when i18n is on (spec §2). */
export function LanguagePicker() {
  const trans = useTrans();
  const enabled = useBootstrap((d) => d.settings.i18n.enable);
  const languages = useBootstrap((d) => d.localizations);
  const current = useBootstrap((d) => d.locale.language);
  const change = useMutation({
    mutationFn: (locale: string) => api(endpoints.changeLocale, { locale }),
    onSuccess: ({ locale }) => {
      const { data, patch } = useBootstrapStore.getState();
      patch({ locale, user: data.user ? { ...data.user, language: locale.language } : null });
      document.documentElement.lang = locale.language;
    },
    onError: (error) => showErrorToast(error, trans),
  });
  if (!enabled || languages.length === 0) return null;

  return (
    <label className="inline-flex items-center gap-2 text-sm text-fg-muted">
      <Icon name="language" size={18} whenSettled />
      <span className="sr-only">{trans('Language')}</span>
      <select
        value={current}
        disabled={change.isPending}
        onChange={(e) => change.mutate(e.target.value)}
        className="rounded-md border border-border bg-bg-elevated px-2 py-1 text-sm text-fg"
      >
        {languages.map((l) => (
          <option key={l.language} value={l.language}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
