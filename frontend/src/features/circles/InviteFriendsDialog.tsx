import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Skeleton,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { personName } from '../../lib/person-name';
import { type Circle } from './circles-api';
import { useCirclesControllerInviteMutation, useFriendsControllerListQuery } from '../../api/enhanced-api';

/** Invite friends of yours who are not in the circle yet: each gets an invitation to accept or decline. */
export function InviteFriendsDialog({
  circle,
  open,
  onClose,
}: {
  circle: Circle;
  open: boolean;
  onClose: () => void;
}) {
  const friends = useFriendsControllerListQuery({}, { skip: !open });
  const [invite, { isLoading }] = useCirclesControllerInviteMutation();
  const [chosen, setChosen] = useState<string[]>([]);
  const run = useMutationToast();
  const members = new Set(circle.members.map((member) => member.person.id));
  const candidates = (friends.data?.items ?? []).filter((friend) => !members.has(friend.id));
  const close = () => {
    setChosen([]);
    onClose();
  };
  const send = async () => {
    const done = await run(() => invite({ id: circle.id, inviteToCircleDto: { userIds: chosen } }).unwrap(), {
      success: (result) => ({
        title: result.invited.length === 1 ? 'Invitation sent' : `${result.invited.length} invitations sent`,
        description: result.skipped.length > 0 ? 'Some were invited already.' : undefined,
      }),
      failure: { title: 'Could not invite', fallback: 'Please try again.' },
    });
    if (done.ok) close();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="invite-friends-title" fullWidth maxWidth="xs">
      <DialogTitle id="invite-friends-title">Invite friends to {circle.name}</DialogTitle>
      <DialogContent>
        {friends.isLoading ? (
          <Skeleton variant="rounded" height={96} />
        ) : candidates.length === 0 ? (
          <Typography color="text.secondary">
            All your friends are in this circle already, or you have none yet. Share the circle’s link
            instead.
          </Typography>
        ) : (
          <FormGroup aria-label="Friends to invite">
            {candidates.map((friend) => (
              <FormControlLabel
                key={friend.id}
                sx={{ minHeight: 44 }}
                control={
                  <Checkbox
                    checked={chosen.includes(friend.id)}
                    onChange={(event) =>
                      setChosen((list) =>
                        event.target.checked ? [...list, friend.id] : list.filter((id) => id !== friend.id),
                      )
                    }
                  />
                }
                label={personName(friend)}
              />
            ))}
          </FormGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" disabled={chosen.length === 0 || isLoading} onClick={() => void send()}>
          Invite
        </Button>
      </DialogActions>
    </Dialog>
  );
}
