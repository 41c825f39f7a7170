/** At most this many evidence links per statement (the API refuses more). */
export const MAX_EVIDENCE_LINKS = 3;
/** The longest link the API keeps, with its words for a longer one. */
const MAX_LINK_LENGTH = 500;

/**
 * Reads the evidence-links box (one link per line) into the list the API takes, or says what is wrong:
 * only https:// addresses without a user name or password, at most three.
 */
export function parseEvidenceLinks(input: string): { links: string[] } | { error: string } {
  const links = input
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  if (links.length > MAX_EVIDENCE_LINKS) return { error: `At most ${MAX_EVIDENCE_LINKS} evidence links` };
  for (const link of links) {
    if (link.length > MAX_LINK_LENGTH) {
      return { error: `An evidence link can be at most ${MAX_LINK_LENGTH} characters` };
    }
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      return { error: 'Evidence links must be https:// addresses' };
    }
    if (url.protocol !== 'https:' || url.username || url.password) {
      return { error: 'Evidence links must be https:// addresses' };
    }
  }
  return { links };
}
