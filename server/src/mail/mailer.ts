import type nodemailerModule from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { lazyRequire } from '../lib/lazy-require.ts';

const loadNodemailer = lazyRequire<typeof nodemailerModule>('nodemailer');
import type { FileLogs } from '../logging/file-logs.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go (the contact form's sender). */
  replyTo?: string;
}

/** The settings mail reads (modules/settings provides them; mail imports no module). */
export interface MailSettings {
  'branding.site_name': string;
  'mail.driver': 'log' | 'smtp';
  'mail.from_address': string;
  'mail.from_name': string | null;
  'mail.smtp_host': string | null;
  'mail.smtp_port': number;
  'mail.smtp_encryption': 'tls' | 'ssl' | 'none';
  'mail.smtp_username': string | null;
  'mail.smtp_password': string | null;
}

/**
 * Outgoing email. By default messages are written to the outgoing-email log (readable in the
 * admin logs); with `mail.driver` = smtp they are sent through the configured server.
 */
export function createMailer(settings: { all(): Promise<MailSettings> }, fileLogs: FileLogs) {
  let transport: { key: string; transporter: Transporter } | null = null;

  async function smtpTransport(): Promise<Transporter> {
    const s = await settings.all();
    const options = {
      host: s['mail.smtp_host'] ?? '127.0.0.1',
      port: s['mail.smtp_port'],
      secure: s['mail.smtp_encryption'] === 'ssl',
      ignoreTLS: s['mail.smtp_encryption'] === 'none',
      auth: s['mail.smtp_username']
        ? { user: s['mail.smtp_username'], pass: s['mail.smtp_password'] ?? '' }
        : undefined,
    };
    const key = JSON.stringify(options);
    if (transport?.key !== key) {
      transport?.transporter.close();
      transport = { key, transporter: loadNodemailer().createTransport(options) };
    }
    return transport.transporter;
  }

  return {
    async send(message: MailMessage): Promise<void> {
      const s = await settings.all();
      const from = {
        name: s['mail.from_name'] ?? s['branding.site_name'],
        address: s['mail.from_address'],
      };
      if (s['mail.driver'] === 'smtp') {
        const transporter = await smtpTransport();
        await transporter.sendMail({ from, ...message });
      }
      await fileLogs.write('outgoing-email', {
        driver: s['mail.driver'],
        from: from.address,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
    close() {
      transport?.transporter.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
