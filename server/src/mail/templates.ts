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

/** A notification sent through the email channel: its lines, and a button to open it. */
export function notificationMail(
  to: string,
  siteName: string,
  lines: string[],
  action: { label: string; url: string } | null,
): MailMessage {
  const subject = lines[0] ?? `New notification from ${siteName}`;
  return {
    to,
    subject,
    text: [...lines, ...(action ? [`${action.label}: ${action.url}`] : [])].join('\n\n'),
    html: layout(siteName, lines, action ?? undefined),
  };
}

export function workspaceInviteMail(
  to: string,
  input: { siteName: string; inviter: string; workspace: string; url: string; days: number },
): MailMessage {
  const lines = [
    `${input.inviter} invited you to join the ${input.workspace} workspace on ${input.siteName}.`,
    `The invitation is for this email address and expires in ${input.days} days. If you were not expecting it, you can ignore this email.`,
  ];
  return {
    to,
    subject: `Join ${input.workspace} on ${input.siteName}`,
    text: `${lines.join('\n\n')}\n\n${input.url}`,
    html: layout(input.siteName, lines, { label: 'Join workspace', url: input.url }),
  };
}
