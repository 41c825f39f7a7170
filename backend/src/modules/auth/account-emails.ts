import type { EmailContent } from '../../common/mail/mail-sender.js';
import { escapeHtml } from '../../common/mail/escape-html.js';

/** The mail with a password-reset link: what it is for, how long it works, and what to do if unasked. */
export function passwordResetEmail(link: string, minutes: number): EmailContent {
  return accountEmail(
    'Reset your Betwixt password',
    [
      'Someone asked to reset the password of the Betwixt account that uses this email address.',
      `To choose a new password, open this link within ${minutes} minutes. It works once, and signs the account out everywhere:`,
    ],
    link,
    'Choose a new password',
    'If it was not you, ignore this email: your password stays as it is.',
  );
}

/** The mail asking a person to confirm their address. */
export function emailVerificationEmail(link: string, hours: number): EmailContent {
  return accountEmail(
    'Confirm your email address for Betwixt',
    [
      'Please confirm that this is your email address, so that Betwixt can reach you here.',
      `Open this link within ${hours} hours:`,
    ],
    link,
    'Confirm my email address',
    'If you did not sign up for Betwixt, ignore this email.',
  );
}

function accountEmail(
  subject: string,
  lines: string[],
  link: string,
  action: string,
  footer: string,
): EmailContent {
  const text = [...lines, '', link, '', footer].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p style="color: #666; font-size: 0.9em">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
