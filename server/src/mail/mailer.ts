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
    /**
     * Whether mail can go out (the operations page): the log driver always can; SMTP is asked
     * to accept a connection and sign-in, within a few seconds.
     */
    async check(): Promise<{ driver: string; reachable: boolean; error: string | null }> {
      const driver = (await settings.all())['mail.driver'];
      if (driver !== 'smtp') return { driver, reachable: true, error: null };
      try {
        const transporter = await smtpTransport();
        const timeout = new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('No answer within 5 s.')), 5000).unref(),
        );
        await Promise.race([transporter.verify(), timeout]);
        return { driver, reachable: true, error: null };
      } catch (error) {
        return {
          driver,
          reachable: false,
          error: error instanceof Error ? error.message : String(error),
        };
      }
    },
    close() {
      transport?.transporter.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
