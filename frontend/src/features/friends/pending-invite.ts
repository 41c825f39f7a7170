/**
 * The invite link a signed-out visitor chose to sign up or sign in through, kept for this tab until they are
 * signed in (the identity-provider sign-in leaves the page, so the address alone would lose it).
 */
const KEY = 'betwixt.pending_invite';

export function rememberPendingInvite(code: string): void {
  try {
    sessionStorage.setItem(KEY, code);
  } catch {
    // storage disabled: the visitor lands on the invite page again and taps Add
  }
}

export function pendingInvite(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetPendingInvite(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}

/** The address of someone's invite link on this site. */
export function inviteUrl(code: string): string {
  return `${window.location.origin}/invite/${code}`;
}
