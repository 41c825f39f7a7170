import { Button, Stack } from '@mui/material';
import { openBetAcceptance } from './bet-dialog-events';
import { type Bet } from './types';
import { useDenyChallenge, useWithdrawChallenge } from './use-bet-dialogs';

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
  const isParty = bet.creatorId === viewerId || bet.opponentId === viewerId;
  if (!isParty) return null;

  if (bet.status === 'pending' && bet.opponentId === viewerId) {
    return (
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" onClick={() => openBetAcceptance(bet)}>
          Accept Challenge
        </Button>
        <Button color="error" disabled={isDenying} onClick={() => void deny(bet)}>
          Deny
        </Button>
      </Stack>
    );
  }
  if (bet.status === 'pending') {
    return (
      <Button color="error" variant="outlined" disabled={isWithdrawing} onClick={() => void withdraw(bet)}>
        Withdraw challenge
      </Button>
    );
  }
  if (bet.status === 'active') {
    return (
      // One way to report on the page: Submit Outcome already asks which outcome happened when there are more than two.
      <Button variant="contained" onClick={onReport} sx={{ alignSelf: 'flex-start' }}>
        Submit Outcome
      </Button>
    );
  }
  return null;
}
