import { Alert, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../lib/money';
import { formatDate } from '../../lib/time';
import { LoadMore, pagedList } from '../../components/LoadMore';
import type { Bet, DisputeList } from './admin-api';
import { outcomeInWords, PotDecisionDialog } from './PotDecisionDialog';
import { ResolveDisputeDialog } from './ResolveDisputeDialog';
import { partyLabel, partyName } from './admin-names';
import { useAdminControllerDisputedPagesInfiniteQuery } from '../../api/enhanced-api';

/** A pot's players as an admin weighs them: each with their pick and report. */
function PotPlayers({ bet }: { bet: Bet }) {
  return (
    <Stack component="ul" spacing={0.25} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Players">
      {bet.participants
        .filter((seat) => seat.joinedAt !== null)
        .map((seat) => (
          <Typography component="li" variant="body2" key={seat.userId} sx={{ overflowWrap: 'anywhere' }}>
            <strong>{partyLabel(seat.person)}</strong> — pick {seat.pick ?? '—'}, submitted{' '}
            {seat.result ? outcomeInWords(seat.result) : 'Not submitted'}
          </Typography>
        ))}
    </Stack>
  );
}

/** An appealed referee call: what the referee called and why, beside the players' statements. */
function RefereeCall({ bet }: { bet: Bet }) {
  if (!bet.call) return null;
  return (
    <Stack
      spacing={0.25}
      sx={{ p: 1, my: 0.5, borderRadius: 1, bgcolor: 'action.hover' }}
      data-testid="appealed-call"
    >
      <Typography variant="body2">
        Referee <strong>{partyLabel(bet.referee ?? null)}</strong> called:{' '}
        <strong>{outcomeInWords(bet.call.result)}</strong> (appealed)
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        Note: {bet.call.note}
      </Typography>
    </Stack>
  );
}

/** A duel's decision as it stands to an appealed call: upholding it or overturning it. */
export function decisionLabel(bet: Bet, winner: string | null, name: string): string {
  const won = winner === null ? 'a draw' : `for ${name}`;
  if (!bet.call) return winner === null ? 'Resolve as a draw' : `Resolve for ${name}`;
  const called =
    bet.call.result === bet.creatorPick
      ? bet.creatorId
      : bet.call.result === bet.opponentPick
        ? bet.opponentId
        : null;
  return `${called === winner ? 'Uphold the call' : 'Overturn'}: ${won}`;
}

export function DisputeDetails({ bet }: { bet: Bet }) {
  if (bet.kind === 'pot')
    return (
      <Stack spacing={0.5}>
        <Typography variant="body2" color="text.secondary">
          Group pot #{bet.id}
        </Typography>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{bet.title}</Typography>
        {bet.description && <Typography variant="body2">{bet.description}</Typography>}
        <PotPlayers bet={bet} />
        <RefereeCall bet={bet} />
        <Typography variant="body2">
          Stake: ${formatMoney(bet.amount)} each · Created {formatDate(bet.createdAt)} · Disputed{' '}
          {formatDate(bet.resolutionDate)}
        </Typography>
      </Stack>
    );
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2" color="text.secondary">
        Bet #{bet.id}
      </Typography>
      <Typography sx={{ fontWeight: 700 }}>{bet.title}</Typography>
      {bet.description && <Typography variant="body2">{bet.description}</Typography>}
      <Typography variant="body2">
        Creator: <strong>{partyLabel(bet.creator)}</strong> — pick {bet.creatorPick ?? '—'}, submitted{' '}
        {bet.creatorResult ?? 'Not submitted'}
      </Typography>
      <Typography variant="body2">
        Opponent: <strong>{partyLabel(bet.opponent)}</strong> — pick {bet.opponentPick ?? '—'}, submitted{' '}
        {bet.opponentResult ?? 'Not submitted'}
      </Typography>
      <RefereeCall bet={bet} />
      <Typography variant="body2">
        Amount: ${formatMoney(bet.amount)} · Created {formatDate(bet.createdAt)} · Disputed{' '}
        {formatDate(bet.resolutionDate)}
      </Typography>
    </Stack>
  );
}

export function DisputesTab() {
  const query = useAdminControllerDisputedPagesInfiniteQuery();
  const { items, loadMore } = pagedList<Bet, DisputeList>(query);
  const [deciding, setDeciding] = useState<{ bet: Bet; winner: string } | null>(null);
  const [decidingPot, setDecidingPot] = useState<Bet | null>(null);
  if (query.isLoading) return <Typography>Loading disputes…</Typography>;
  if (items.length === 0)
    return <Alert severity="success">No Active Disputes - All bets are currently resolved.</Alert>;
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        Dispute Management
      </Typography>
      {items.map((bet) => (
        <Card key={bet.id} data-testid={`dispute-${bet.id}`}>
          <CardContent>
            <Chip color="warning" label="Disputed" size="small" sx={{ mb: 1 }} />
            <DisputeDetails bet={bet} />
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}
            >
              {bet.kind === 'pot' && (
                <Button variant="contained" onClick={() => setDecidingPot(bet)}>
                  Decide the outcome
                </Button>
              )}
              {bet.kind !== 'pot' &&
                [bet.creator, bet.opponent].map((party) =>
                  party ? (
                    <Button
                      key={party.id}
                      variant="contained"
                      onClick={() => setDeciding({ bet, winner: party.id })}
                    >
                      {bet.winnerUserId === party.id
                        ? `✓ Resolved for ${partyName(party)}`
                        : decisionLabel(bet, party.id, partyName(party))}
                    </Button>
                  ) : null,
                )}
              {bet.kind !== 'pot' && (
                <Button variant="outlined" onClick={() => setDeciding({ bet, winner: 'draw' })}>
                  {decisionLabel(bet, null, '')}
                </Button>
              )}
              <Button component={Link} to={`/bets/${bet.id}`}>
                Statements and timeline
              </Button>
            </Stack>
          </CardContent>
        </Card>
      ))}
      <LoadMore {...loadMore} label="Load more disputes" endText="No more disputes" />
      {decidingPot && (
        <PotDecisionDialog bet={decidingPot} mode="resolve" onClose={() => setDecidingPot(null)} />
      )}
      {deciding && (
        <ResolveDisputeDialog
          bet={deciding.bet}
          initialWinner={deciding.winner}
          nameOf={partyName}
          onClose={() => setDeciding(null)}
        />
      )}
    </Stack>
  );
}
