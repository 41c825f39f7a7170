import { personHandle, personLabel } from '../../lib/person-name';
import type { BetParty } from './admin-api';

/** docs/product.md §2: username, else email, else 'Unknown' (buttons and confirmations). */
export const partyName: (party: BetParty | null | undefined) => string = personHandle;

/** The handle with the real name beside it, for admins deciding between two people: "zoe_park (Zoë Park)". */
export function partyLabel(party: BetParty | null | undefined): string {
  return personLabel(party, { usernameFirst: true });
}

export function truncateId(id: string): string {
  return id.length > 20 ? `${id.slice(0, 20)}...` : id;
}

/** What each audit code says on screen: the log reads "Deposit" or "Changed a resolution", never the code. */
const AUDIT_ACTIONS: Record<string, string> = {
  balance_deposit: 'Deposit',
  balance_withdrawal: 'Withdrawal',
  moderation_warn: 'Warned',
  moderation_suspend: 'Suspended',
  moderation_unsuspend: 'Lifted a suspension',
  moderation_ban: 'Banned',
  moderation_unban: 'Lifted a ban',
  delete_user: 'Deleted a user',
  resolve_dispute: 'Resolved a dispute',
  edit_resolution: 'Changed a resolution',
};

/** An audit code in words; a code this screen does not know yet still reads as words ("some_action" -> "Some action"). */
export function auditActionName(action: string): string {
  const known = AUDIT_ACTIONS[action];
  if (known) return known;
  const words = action.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
