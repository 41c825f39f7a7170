/**
 * The link a signed-out visitor chose to sign up or sign in through (an invite link, an open challenge), kept
 * for this tab until they are signed in: the identity-provider sign-in leaves the page, so the address alone
 * would lose it. Signed in, the app takes them back to it (router.tsx).
 */
export type LinkKind = 'invite' | 'challenge' | 'circle';

const KEYS: Record<LinkKind, string> = {
  invite: 'betwixt.pending_invite',
  challenge: 'betwixt.pending_challenge',
  circle: 'betwixt.pending_circle',
};

/** Where each kind of link opens in the app. */
const PATHS: Record<LinkKind, string> = { invite: '/invite/', challenge: '/c/', circle: '/circles/join/' };

export function rememberPendingLink(kind: LinkKind, code: string): void {
  try {
    sessionStorage.setItem(KEYS[kind], code);
  } catch {
    // storage disabled: the visitor lands on the link's page again and carries on there
  }
}

export function pendingLink(kind: LinkKind): string | null {
  try {
    return sessionStorage.getItem(KEYS[kind]);
  } catch {
    return null;
  }
}

export function forgetPendingLink(kind: LinkKind): void {
  try {
    sessionStorage.removeItem(KEYS[kind]);
  } catch {
    // nothing stored
  }
}

/** The in-app path of a link: `/invite/{code}`, `/c/{code}` or `/circles/join/{code}`. */
export function linkPath(kind: LinkKind, code: string): string {
  return `${PATHS[kind]}${encodeURIComponent(code)}`;
}

/** The address of a link on this site, to share. */
export function linkUrl(kind: LinkKind, code: string): string {
  return `${window.location.origin}${linkPath(kind, code)}`;
}

/** The page of the link the visitor signed in through, if any is still waiting (an invite first). */
export function pendingLinkPath(): string | null {
  for (const kind of ['invite', 'challenge', 'circle'] as const) {
    const code = pendingLink(kind);
    if (code) return linkPath(kind, code);
  }
  return null;
}
