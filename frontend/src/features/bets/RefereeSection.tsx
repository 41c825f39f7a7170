import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { formatDateTime } from '../../lib/time';
import { AppealDialog } from './AppealDialog';
import { Section } from './BetPageSection';
import { CallDialog } from './CallDialog';
import { RefereePicker } from './RefereePicker';
import { callConsequence, callConsequenceForEach, callText } from './stakes';
import { displayName, type Bet, type BetPageData } from './types';
import {
  useRefereesControllerAcceptCallMutation,
  useRefereesControllerAcceptRoleMutation,
  useRefereesControllerDeclineRoleMutation,
  useRefereesControllerNameRefereeMutation,
} from '../../api/enhanced-api';

/** Where a referee bet stands with its referee, in one sentence for whoever reads the page. */
export function refereeStateText(bet: Bet, viewerId: string): string {
  const isReferee = bet.refereeId === viewerId;
  const name = isReferee ? 'You' : displayName(bet.referee);
  if (!bet.refereeId)
    return bet.creatorId === viewerId
      ? 'Your referee declined: name another friend, or withdraw the challenge for a refund.'
      : 'The referee declined: the challenger is picking another.';
  if (!bet.refereeAcceptedAt)
    return isReferee
      ? 'You are asked to referee: you would call the outcome after the event, and stake nothing.'
      : `${name} is asked to referee. The bet starts once they agree.`;
  if (bet.call) return `${name} called it: ${callText(bet.call.result)}.`;
  if (bet.status === 'active')
    return isReferee
      ? 'You referee this bet: call it once the event is over.'
      : `${name} referees this bet and calls it after the event.`;
  return `${name} ${isReferee ? 'referee' : 'referees'} this bet.`;
}

function NameAnotherReferee({ bet }: { bet: Bet }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState('');
  const [name, naming] = useRefereesControllerNameRefereeMutation();
  const run = useMutationToast();
  const players = [bet.creatorId, ...bet.participants.map((seat) => seat.userId)];
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        Name another referee
      </Button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="name-referee">
          <DialogTitle id="name-referee">Name another referee</DialogTitle>
          <DialogContent>
            <RefereePicker playerIds={players} value={chosen} onPick={(person) => setChosen(person.id)} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button
              variant="contained"
              disabled={!chosen || naming.isLoading}
              onClick={() =>
                void run(() => name({ id: bet.id, nameRefereeDto: { refereeId: chosen } }).unwrap(), {
                  success: { title: 'Referee asked', description: 'They accept or decline the role.' },
                  failure: { title: 'Error', fallback: 'Failed to name the referee' },
                }).then((done) => done.ok && setOpen(false))
              }
            >
              Ask them
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}

/**
 * A referee bet's part of its page: who referees and where that stands; the referee's answer and "Call it";
 * for the players, the call with what it means for their money, the appeal deadline, Accept and Appeal.
 */
export function RefereeSection({ page, viewerId }: { page: BetPageData; viewerId: string }) {
  const { bet } = page;
  const [dialog, setDialog] = useState<'call' | 'appeal' | null>(null);
  const [acceptRole, acceptingRole] = useRefereesControllerAcceptRoleMutation();
  const [declineRole, decliningRole] = useRefereesControllerDeclineRoleMutation();
  const [acceptCall, acceptingCall] = useRefereesControllerAcceptCallMutation();
  const run = useMutationToast();
  const navigate = useNavigate();
  if (bet.resolutionType !== 'referee' && !bet.call) return null;

  const isReferee = bet.refereeId === viewerId;
  const isPlayer =
    page.viewerRole === 'creator' || page.viewerRole === 'opponent' || page.viewerRole === 'player';
  const open = bet.status === 'pending' || bet.status === 'active';
  const asked = isReferee && !bet.refereeAcceptedAt && open;
  const mayCall = isReferee && Boolean(bet.refereeAcceptedAt) && bet.status === 'active' && !bet.call;
  const mayAnswerCall = isPlayer && bet.status === 'active' && Boolean(bet.call);

  return (
    <Section title="Referee">
      <Stack spacing={1.5}>
        <Typography>{refereeStateText(bet, viewerId)}</Typography>
        {bet.call && (
          <Stack
            spacing={1}
            sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}
            data-testid="referee-call"
          >
            <Typography>
              <strong>The call:</strong> {callText(bet.call.result)}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              <strong>Note:</strong> {bet.call.note}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Called {formatDateTime(bet.call.calledAt)}
            </Typography>
            {isPlayer && bet.status === 'active' && (
              <Typography sx={{ fontWeight: 700 }}>
                {callConsequence(bet, bet.call.result, viewerId)}
              </Typography>
            )}
            {!isPlayer && bet.status === 'active' && (
              <Typography>{callConsequenceForEach(bet, bet.call.result)}</Typography>
            )}
            {bet.status === 'active' && bet.appealUntil && (
              <Typography variant="body2">
                Any player may appeal until <strong>{formatDateTime(bet.appealUntil)}</strong>; without an
                appeal it settles then, or as soon as every player accepts the call.
              </Typography>
            )}
            {bet.status === 'disputed' && (
              <Alert severity="warning">
                The call was appealed: an admin decides, with the note beside the statements.
              </Alert>
            )}
          </Stack>
        )}
        {asked && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="contained"
              disabled={acceptingRole.isLoading}
              onClick={() =>
                void run(() => acceptRole(bet.id).unwrap(), {
                  success: { title: 'You referee this bet', description: 'Call it once the event is over.' },
                  failure: { title: 'Error', fallback: 'Failed to take the role' },
                })
              }
            >
              Accept the role
            </Button>
            <Button
              color="error"
              disabled={decliningRole.isLoading}
              onClick={() =>
                void run(() => declineRole(bet.id).unwrap(), {
                  success: { title: 'You declined to referee', variant: 'default' },
                  failure: { title: 'Error', fallback: 'Failed to decline the role' },
                  // Having declined, they are off the bet and can no longer read it.
                }).then((done) => done.ok && void navigate('/'))
              }
            >
              Decline
            </Button>
          </Stack>
        )}
        {mayCall && (
          <Button variant="contained" onClick={() => setDialog('call')} sx={{ alignSelf: 'flex-start' }}>
            Call it
          </Button>
        )}
        {mayAnswerCall && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="contained"
              disabled={acceptingCall.isLoading}
              onClick={() =>
                void run(() => acceptCall(bet.id).unwrap(), {
                  success: {
                    title: 'You accepted the call',
                    description: 'It settles once every player has, or when the appeal window ends.',
                  },
                  failure: { title: 'Error', fallback: 'Failed to accept the call' },
                })
              }
            >
              Accept the call
            </Button>
            <Button color="warning" variant="outlined" onClick={() => setDialog('appeal')}>
              Appeal
            </Button>
          </Stack>
        )}
        {!bet.refereeId && bet.creatorId === viewerId && bet.status === 'pending' && (
          <NameAnotherReferee bet={bet} />
        )}
      </Stack>
      {dialog === 'call' && <CallDialog bet={bet} onClose={() => setDialog(null)} />}
      {dialog === 'appeal' && <AppealDialog bet={bet} onClose={() => setDialog(null)} />}
    </Section>
  );
}
