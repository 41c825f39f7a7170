import type { BetParty } from './admin-api';

/** docs/product.md §2: username, else email, else 'Unknown'. */
export function partyName(party: BetParty | null | undefined): string {
  return party?.username || party?.email || 'Unknown';
}

/** The real name next to the username, for admins deciding between two people. */
export function realName(party: BetParty | null | undefined): string {
  const name = [party?.firstName, party?.lastName].filter(Boolean).join(' ');
  return name ? ` (${name})` : '';
}

export function truncateId(id: string): string {
  return id.length > 20 ? `${id.slice(0, 20)}...` : id;
}
