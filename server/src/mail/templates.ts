import type { MailMessage } from './mailer.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(siteName: string, paragraphs: string[], action?: { label: string; url: string }) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#db2754;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#14141c;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(siteName)}</h1>${body}${button}</body></html>`;
}

export function verificationCodeMail(to: string, code: string, siteName: string): MailMessage {
  const lines = [
    `Your ${siteName} verification code is ${code}.`,
    'It expires in 10 minutes. If you did not create an account, you can ignore this email.',
  ];
  return {
    to,
    subject: `${code} is your ${siteName} verification code`,
    text: lines.join('\n\n'),
    html: layout(siteName, lines),
  };
}

export function passwordResetMail(to: string, url: string, siteName: string): MailMessage {
  const lines = [
    `We received a request to reset the password of your ${siteName} account.`,
    'The link below works once and expires in 60 minutes. If you did not ask for it, ignore this email: your password stays as it is.',
  ];
  return {
    to,
    subject: `Reset your ${siteName} password`,
    text: `${lines.join('\n\n')}\n\n${url}`,
    html: layout(siteName, lines, { label: 'Reset password', url }),
  };
}
