import { Alert, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { openBetAcceptance } from './bet-dialog-events';
import { CounterDialog } from './CounterDialog';
import { offerLine, offerTurn, roundsLeft } from './stakes';
import { displayName, type Bet } from './types';
import { useDenyChallenge, useWithdrawChallenge } from './use-bet-dialogs';
import { useBetsControllerAcceptMutation, useBetsControllerDeclineMutation } from '../../api/enhanced-api';

/** A referee bet waits for its referee to agree before anyone can accept it. */
const waitsForReferee = (bet: Bet) => bet.resolutionType === 'referee' && !bet.refereeAcceptedAt;

/** The creator's answer to the opponent's counter-offer: accept it (the bet starts), counter back, or decline. */
function AnswerCounter({ bet, viewerId, onCounter }: { bet: Bet; viewerId: string; onCounter: () => void }) {
  const [accept, accepting] = useBetsControllerAcceptMutation();
  const [decline, declining] = useBetsControllerDeclineMutation();
  const run = useMutationToast();
  const latest = bet.offers?.at(-1);
  if (!latest) return null;
  return (
    <Stack spacing={1}>
      <Typography>
        {displayName(bet.opponent)} offers: <strong>{offerLine(bet, latest.opponentAmount, viewerId)}</strong>
        {latest.opponentPick && `, picking ${latest.opponentPick}`}.
      </Typography>
      {waitsForReferee(bet) && <Alert severity="info">It can start once the referee agrees.</Alert>}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          disabled={accepting.isLoading || waitsForReferee(bet)}
          onClick={() =>
            void run(
              () =>
                accept({ id: bet.id, acceptBetDto: { opponentPick: latest.opponentPick ?? '' } }).unwrap(),
              {
                success: { title: 'Counter-offer accepted', description: 'The bet is on, on these terms.' },
                failure: { title: 'Error', fallback: 'Failed to accept the counter-offer' },
              },
            )
          }
        >
          Accept offer
        </Button>
        {roundsLeft(bet) > 0 && <Button onClick={onCounter}>Counter back</Button>}
        <Button
          color="error"
          disabled={declining.isLoading}
          onClick={() =>
            void run(() => decline(bet.id).unwrap(), {
              success: {
                title: 'Counter-offer declined',
                description: 'Your stake is back in your wallet.',
                variant: 'default',
              },
              failure: { title: 'Error', fallback: 'Failed to decline the counter-offer' },
            })
          }
        >
          Decline
        </Button>
      </Stack>
    </Stack>
  );
}

/** The actions the bet's state allows the viewer, through the product's dialogs. */
export function BetActions({
  bet,
  viewerId,
  onReport,
}: {
  bet: Bet;
  viewerId: string;
  onReport: () => void;
}) {
  const { deny, isDenying } = useDenyChallenge();
  const { withdraw, isWithdrawing } = useWithdrawChallenge();
  const [countering, setCountering] = useState(false);
  const isParty = bet.creatorId === viewerId || bet.opponentId === viewerId;
  if (!isParty) return null;
  const counterDialog = countering && (
    <CounterDialog bet={bet} viewerId={viewerId} onClose={() => setCountering(false)} />
  );
  const turn = offerTurn(bet);

  if (bet.status === 'pending' && bet.opponentId === viewerId) {
    if (turn === 'creator')
      return (
        <Stack spacing={1}>
          <Typography>Waiting for {displayName(bet.creator)} to answer your counter-offer.</Typography>
          <Button
            color="error"
            disabled={isDenying}
            onClick={() => void deny(bet)}
            sx={{ alignSelf: 'flex-start' }}
          >
            Deny
          </Button>
        </Stack>
      );
    return (
      <Stack spacing={1}>
        {waitsForReferee(bet) && (
          <Alert severity="info">You can accept once {displayName(bet.referee)} agrees to referee.</Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" disabled={waitsForReferee(bet)} onClick={() => openBetAcceptance(bet)}>
            Accept Challenge
          </Button>
          {roundsLeft(bet) > 0 && <Button onClick={() => setCountering(true)}>Counter</Button>}
          <Button color="error" disabled={isDenying} onClick={() => void deny(bet)}>
            Deny
          </Button>
        </Stack>
        {counterDialog}
      </Stack>
    );
  }
  if (bet.status === 'pending') {
    return (
      <Stack spacing={1.5}>
        {turn === 'creator' && (
          <AnswerCounter bet={bet} viewerId={viewerId} onCounter={() => setCountering(true)} />
        )}
        <Button
          color="error"
          variant="outlined"
          disabled={isWithdrawing}
          onClick={() => void withdraw(bet)}
          sx={{ alignSelf: 'flex-start' }}
        >
          Withdraw challenge
        </Button>
        {counterDialog}
      </Stack>
    );
  }
  // A referee bet is called by its referee: the players' own reports are refused meanwhile.
  if (bet.status === 'active' && bet.resolutionType !== 'referee') {
    return (
      // One way to report on the page: Submit Outcome already asks which outcome happened when there are more than two.
      <Button variant="contained" onClick={onReport} sx={{ alignSelf: 'flex-start' }}>
        Submit Outcome
      </Button>
    );
  }
  return null;
}
