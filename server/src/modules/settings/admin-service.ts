import { AD_SLOTS, SECRET_SETTING_NAMES, SETTING_FIELDS } from '@backbeat/common/admin/settings';
import type { AdminSettings } from '@backbeat/common/admin/site';
import { validationFailed } from '../../lib/domain-errors.ts';
import { sanitizeAd } from '../../lib/sanitize-html.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { SettingValues } from './defaults.ts';
import type { SettingsService } from './service.ts';

const SECRETS = new Set(SECRET_SETTING_NAMES);
const AD_KEYS = new Set<string>(AD_SLOTS.map((slot) => slot.key));
/** Declared settings and ad slots: what the admin screens read and write. */
const EDITABLE = [...SETTING_FIELDS.map((field) => field.name), ...AD_KEYS];

export type SettingsAdmin = ReturnType<typeof createSettingsAdmin>;

/**
 * The admin settings and ads screens (issue 13): reads every declared setting except the
 * secrets (only whether each is set), and saves what the form sent, already validated by the
 * declaration's schemas. An empty secret keeps the stored one; ads are sanitised on write.
 */
export function createSettingsAdmin(deps: {
  settings: Pick<SettingsService, 'all' | 'set'>;
  environment: Record<string, string>;
  mailer: { send(message: MailMessage): Promise<void> };
}) {
  async function view(): Promise<AdminSettings> {
    const all = (await deps.settings.all()) as Record<string, unknown>;
    const settings: Record<string, unknown> = {};
    const secrets: Record<string, boolean> = {};
    for (const name of EDITABLE) {
      if (SECRETS.has(name)) secrets[name] = !!all[name];
      else settings[name] = all[name] ?? null;
    }
    return { settings, secrets, environment: deps.environment };
  }

  return {
    view,
    async update(input: Record<string, unknown>): Promise<AdminSettings> {
      const values: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(input)) {
        if (value === undefined) continue;
        if (SECRETS.has(name)) {
          // "Leave empty to keep": only a new value replaces the stored secret.
          if (typeof value === 'string' && value.trim()) values[name] = value.trim();
          continue;
        }
        values[name] = AD_KEYS.has(name) ? sanitizeAd(String(value)) : value;
      }
      // An address the admin typed is kept: visits no longer change it (settings/site-address.ts).
      if (values['site.url']) values['site.url_confirmed'] = true;
      if (Object.keys(values).length) await deps.settings.set(values as Partial<SettingValues>);
      return view();
    },
    /** Sends one message with the saved outgoing email settings; a failure lands on `to`. */
    async sendTestEmail(to: string): Promise<void> {
      const s = await deps.settings.all();
      try {
        await deps.mailer.send({
          to,
          subject: `Test email from ${s['branding.site_name']}`,
          text: `This is a test email from ${s['branding.site_name']}. Outgoing email works.`,
          html: `<p>This is a test email from ${escapeHtml(s['branding.site_name'])}. Outgoing email works.</p>`,
        });
      } catch (error) {
        throw validationFailed({
          to: [`The email could not be sent: ${(error as Error).message}`.slice(0, 300)],
        });
      }
    },
  };
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
