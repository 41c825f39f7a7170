/**
 * The Activity tab (docs/product.md §2): server descriptions rewritten into friendly text. Checked in the spec's order,
 * most specific first; anything else is 'Bet activity'.
 */
export function friendlyActivity(description: string): string {
  const text = description.toLowerCase();
  // Not in the spec's list: a moderation warning must not read as 'Bet activity'.
  if (text.startsWith('warning from an administrator')) return description;
  // An admin's decision is the end of a review, never "under review": in the viewer's favor, against, or a draw.
  if (text.startsWith('admin changed the decision'))
    return text.includes('in your favor')
      ? 'Admin changed a decision, now in your favor'
      : text.includes('draw')
        ? 'Admin changed a decision, now a draw'
        : 'Admin changed a decision, now against you';
  if (text.includes('resolved by admin') && text.includes('in your favor'))
    return 'Admin resolved a disputed bet in your favor';
  if (text.includes('resolved by admin'))
    return text.includes('draw')
      ? 'Admin resolved a disputed bet as a draw'
      : 'Admin resolved a disputed bet against you';
  if (text.includes('disputed'))
    return text.includes('under review') ? 'A bet result is under review' : 'A bet result is being disputed';
  if (text.includes('created')) return 'You created a new bet';
  // The one who accepted reads their own act, the challenger reads that their bet was accepted.
  if (text.startsWith('you accepted a challenge')) return 'You accepted a challenge';
  if (text.includes('accepted')) return 'Your bet was accepted';
  if (text.startsWith('bet declined')) return 'Your challenge was declined';
  if (text.startsWith('bet cancelled, stake refunded')) return 'A bet was called off';
  if (text.startsWith('bet cancelled')) return 'You withdrew a challenge';
  if (text.startsWith('bet expired')) return 'A challenge expired unanswered';
  if (text.includes('result submitted')) return 'You submitted a bet result';
  if (text.includes('won')) return 'You won a bet!';
  if (text.includes('lost')) return 'You lost a bet';
  if (text.includes('completed')) return 'A bet was completed';
  if (text.includes('friend request')) return 'Friend activity update';
  if (text.includes('balance')) return 'Account balance updated';
  if (text.includes('challenge received')) return 'You received a new challenge';
  return 'Bet activity';
}

/**
 * The friendly text with the bet's title kept: the server writes "<what happened>: <title>" for bet
 * events, so "New challenge received: Bike to work" reads 'You received a new challenge: “Bike to work”'.
 */
export function activityLine(description: string, betId: number | null): string {
  const friendly = friendlyActivity(description);
  const separator = description.indexOf(': ');
  if (betId === null || separator === -1 || friendly === description) return friendly;
  return `${friendly.replace(/!$/, '')}: “${description.slice(separator + 2)}”`;
}
