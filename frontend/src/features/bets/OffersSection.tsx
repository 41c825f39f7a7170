import { Box, Stack, Typography } from '@mui/material';
import { formatMoney } from '../../lib/money';
import { formatDateTime } from '../../lib/time';
import { Section } from './BetPageSection';
import { oddsText, MAX_COUNTER_ROUNDS } from './stakes';
import { displayName, type Bet } from './types';

/** Who made an offer, as the viewer reads it. */
const byName = (bet: Bet, userId: string, viewerId: string) =>
  userId === viewerId ? 'You' : displayName(userId === bet.creatorId ? bet.creator : bet.opponent);

/**
 * Every counter-offer of a challenge, oldest first: who offered what against the creator's stake, the odds,
 * and another pick when it changed. The answers are the bet's actions (BetActions).
 */
export function OffersSection({ bet, viewerId }: { bet: Bet; viewerId: string }) {
  const offers = bet.offers ?? [];
  if (bet.kind === 'pot' || offers.length === 0) return null;
  return (
    <Section title="Counter-offers">
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        <Box component="li">
          <Typography variant="body2">
            Opening terms: {displayName(bet.creator)} ${formatMoney(bet.amount)}
          </Typography>
        </Box>
        {offers.map((offer) => (
          <Box component="li" key={offer.round}>
            <Typography variant="body2">
              Round {offer.round} of {MAX_COUNTER_ROUNDS} · {byName(bet, offer.byUserId, viewerId)}:{' '}
              {displayName(bet.creator)} ${formatMoney(bet.amount)} against {displayName(bet.opponent)} $
              {formatMoney(offer.opponentAmount)} ({oddsText(bet.amount, offer.opponentAmount)})
              {offer.opponentPick && `; ${displayName(bet.opponent)} picks ${offer.opponentPick}`}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              <time dateTime={offer.createdAt}>{formatDateTime(offer.createdAt)}</time>
            </Typography>
          </Box>
        ))}
      </Stack>
    </Section>
  );
}
