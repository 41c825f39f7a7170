import type { NotificationDto } from '../dto/notification.dto.js';
import type { NotificationType } from '../notification-kinds.js';
import type { EmailContent } from '../../../common/mail/mail-sender.js';
import { escapeHtml } from '../../../common/mail/escape-html.js';

export { escapeHtml };

/**
 * Which notifications also go out by email. Email is for what someone would want to hear about while
 * away from the app: challenges, answers, reminders, outcomes, friend requests, moderation and money.
 * Left out is `result_submitted`, the other party's first report on an active bet: it is a step in the
 * middle of a bet, the recipient is told again when it settles or is disputed, and the expiring-bet
 * reminder (emailed) prompts anyone who still has to report. Circle comments are banter best read in the
 * app, not mail; an invitation to a circle and a hidden comment are emailed. A group pot's events are emailed as
 * their duel counterparts are, but for each join. A new type must be decided here.
 */
export const EMAILED_TYPES = {
  bet_received: true,
  bet_accepted: true,
  bet_declined: true,
  bet_cancelled: true,
  result_submitted: false,
  bet_disputed: true,
  bet_expiring: true,
  bet_expired: true,
  bet_resolved: true,
  dispute_resolved: true,
  friend_request: true,
  friend_accepted: true,
  moderation: true,
  balance_adjusted: true,
  circle_invitation: true,
  circle_comment: false,
  comment_hidden: true,
  pot_invited: true,
  // Each join of up to 19 is a step before the pot is on; the creator hears it in the app, and by mail at the lock.
  pot_joined: false,
  pot_locked: true,
  pot_void: true,
  pot_reminder: true,
  pot_settled: true,
  // A referee is asked, reminded, and players hear the call and an appeal: each asks for an answer or money
  // is at stake. The referee's answer and a counter-offer are steps in the middle: in the app only.
  referee_asked: true,
  referee_answered: false,
  referee_reminder: true,
  bet_called: true,
  call_appealed: true,
  counter_offer: false,
} as const satisfies Record<NotificationType, boolean>;

export function isEmailed(type: NotificationType): boolean {
  return EMAILED_TYPES[type];
}

/**
 * Whether mail can be sent to the address: not the reserved `.invalid` placeholders (RFC 2606) that
 * deleted accounts and identity-provider accounts without an email carry, and one plain address.
 */
export function isDeliverableAddress(email: string): boolean {
  const match = /^[^\s@<>,;"]+@([^\s@<>,;"]+)$/.exec(email);
  if (!match?.[1]) return false;
  const domain = match[1].toLowerCase().replace(/\.$/, '');
  return domain !== 'invalid' && !domain.endsWith('.invalid');
}

const OPT_OUT = 'You get these emails because email notifications are on for your Betwixt account.';
const HOW_TO_TURN_OFF = 'To turn them off, go to Account → Settings and switch off email notifications.';

/**
 * The email for one notification: its title as the subject, its body, a link to where it leads in the
 * app, and how to stop these emails. The HTML part escapes everything that came from people (bet titles,
 * usernames) so that it is shown as text, never as markup.
 */
export function emailMessage(
  notification: Pick<NotificationDto, 'title' | 'body' | 'url'>,
  publicUrl: string,
): EmailContent {
  const link = `${publicUrl.replace(/\/$/, '')}${notification.url}`;
  // A header cannot carry a line break; titles have none, but say so here rather than trust it.
  const subject = notification.title.replace(/[\r\n]+/g, ' ').trim();
  const text = [notification.body, '', `Open in Betwixt: ${link}`, '', '--', OPT_OUT, HOW_TO_TURN_OFF].join(
    '\n',
  );
  const paragraphs = notification.body
    .split(/\n+/)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    paragraphs,
    `<p><a href="${escapeHtml(link)}">Open in Betwixt</a></p>`,
    `<p style="color: #666; font-size: 0.9em">${escapeHtml(OPT_OUT)}<br>${escapeHtml(HOW_TO_TURN_OFF)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
