import { forgetPendingLink, linkUrl, pendingLink } from '../../lib/pending-link';

/** The invite link a signed-out visitor chose to sign up or sign in through (see lib/pending-link). */
export const pendingInvite = (): string | null => pendingLink('invite');
export const forgetPendingInvite = (): void => forgetPendingLink('invite');

/** The address of someone's invite link on this site. */
export const inviteUrl = (code: string): string => linkUrl('invite', code);
