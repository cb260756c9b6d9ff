import { CONTACT_SUBMITTED } from '@backbeat/common/admin/site';
import type { MailMessage } from '../../mail/mailer.ts';
import type { RecaptchaDeps } from '../recaptcha/service.ts';
import { verifyRecaptcha } from '../recaptcha/service.ts';
import { escapeHtml } from '../settings/admin-service.ts';
import type { SettingsService } from '../settings/service.ts';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
  recaptcha_token?: string;
}

/**
 * The contact page (spec 2 §2, §5): after the human check (when reCAPTCHA is on for
 * `contact`), the message is mailed to the site's contact address, replying to the sender.
 */
export function createContactService(deps: {
  settings: Pick<SettingsService, 'all' | 'get'>;
  recaptcha: RecaptchaDeps;
  mailer: { send(message: MailMessage & { replyTo?: string }): Promise<void> };
}) {
  return {
    async submit(input: ContactMessage, ip: string): Promise<{ message: string }> {
      await verifyRecaptcha(deps.recaptcha, 'contact', input.recaptcha_token, ip);
      const s = await deps.settings.all();
      const to = s['site.contact_email'] || s['mail.from_address'];
      await deps.mailer.send({
        to,
        replyTo: input.email,
        subject: `New message from ${input.name} (${s['branding.site_name']} contact page)`,
        text: `${input.name} <${input.email}> wrote:\n\n${input.message}`,
        html:
          `<p>${escapeHtml(input.name)} &lt;${escapeHtml(input.email)}&gt; wrote:</p>` +
          `<p>${escapeHtml(input.message).replace(/\n/g, '<br>')}</p>`,
      });
      return { message: CONTACT_SUBMITTED };
    },
  };
}
