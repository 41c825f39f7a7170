import AddIcon from '@mui/icons-material/Add';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { personName } from '../../lib/person-name';
import { CircleAvatar } from './CircleAvatar';
import type { CircleInvitation, CircleSummary } from './circles-api';
import { CreateCircleDialog } from './CreateCircleDialog';
import {
  useCirclesControllerAcceptMutation,
  useCirclesControllerDeclineMutation,
  useCirclesControllerInvitationsQuery,
  useCirclesControllerListQuery,
} from '../../api/enhanced-api';

const ROLE_TEXT = { owner: 'Owner', co_owner: 'Co-owner', member: 'Member' } as const;

export function roleText(role: CircleSummary['role']): string {
  return role ? ROLE_TEXT[role] : 'Admin view';
}

function InvitationRow({ invitation }: { invitation: CircleInvitation }) {
  const [acceptInvitation, accepting] = useCirclesControllerAcceptMutation();
  const [declineInvitation, declining] = useCirclesControllerDeclineMutation();
  const isLoading = accepting.isLoading || declining.isLoading;
  const run = useMutationToast();
  const navigate = useNavigate();
  const reply = async (accept: boolean) => {
    const done = await run(() => (accept ? acceptInvitation : declineInvitation)(invitation.id).unwrap(), {
      success: { title: accept ? `You joined ${invitation.circleName}` : 'Invitation declined' },
      failure: {
        title: accept ? 'Could not join the circle' : 'Could not decline',
        fallback: 'Please try again.',
      },
    });
    if (done.ok && accept) void navigate(`/circles/${invitation.circleId}`);
  };
  return (
    <Stack component="li" direction="row" sx={{ alignItems: 'center', py: 1, flexWrap: 'wrap', gap: 1 }}>
      <Box sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography sx={{ fontWeight: 600 }}>{invitation.circleName}</Typography>
        <Typography variant="body2" color="text.secondary">
          Invited by {personName(invitation.invitedBy)}
        </Typography>
      </Box>
      <Button
        size="small"
        variant="contained"
        disabled={isLoading}
        onClick={() => void reply(true)}
        aria-label={`Join ${invitation.circleName}`}
        sx={{ minHeight: 44 }}
      >
        Join
      </Button>
      <Button
        size="small"
        disabled={isLoading}
        onClick={() => void reply(false)}
        aria-label={`Decline the invitation to ${invitation.circleName}`}
        sx={{ minHeight: 44 }}
      >
        Decline
      </Button>
    </Stack>
  );
}

/**
 * Your circles and the invitations waiting for you, with New circle: on the Friends page (one tap away on a
 * phone, the bottom bar has no room for a sixth entry at 360 px) and on /circles.
 */
export function CirclesCard() {
  const circles = useCirclesControllerListQuery();
  const invitations = useCirclesControllerInvitationsQuery();
  const [creating, setCreating] = useState(false);
  const list = circles.data ?? [];
  const waiting = invitations.data ?? [];
  return (
    <Card component="section" aria-labelledby="circles-heading">
      <CardHeader
        title={
          <Typography id="circles-heading" variant="h6" component="h2">
            Your Circles
          </Typography>
        }
        subheader="Friend groups with their own feed and season table."
        action={
          <Button
            startIcon={<AddIcon />}
            variant="outlined"
            onClick={() => setCreating(true)}
            sx={{ minHeight: 44 }}
          >
            New circle
          </Button>
        }
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0 } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {waiting.length > 0 && (
          <Box component="section" aria-labelledby="circle-invitations-heading" sx={{ mb: 2 }}>
            <Typography id="circle-invitations-heading" variant="subtitle1" component="h3">
              Invitations
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {waiting.map((invitation) => (
                <InvitationRow key={invitation.id} invitation={invitation} />
              ))}
            </Box>
          </Box>
        )}
        {circles.isLoading ? (
          <Skeleton variant="rounded" height={64} />
        ) : circles.isError ? (
          <Typography color="error">Failed to load your circles.</Typography>
        ) : list.length === 0 ? (
          <Typography color="text.secondary">
            No circles yet. Make one and invite your friends: bets you post there get a feed, comments and a
            table.
          </Typography>
        ) : (
          <List disablePadding aria-label="Your circles">
            {list.map((circle) => (
              <ListItemButton
                key={circle.id}
                component={RouterLink}
                to={`/circles/${circle.id}`}
                sx={{ borderRadius: 1, minHeight: 56 }}
              >
                <ListItemAvatar>
                  <CircleAvatar pictureUrl={circle.pictureUrl} />
                </ListItemAvatar>
                <ListItemText
                  primary={circle.name}
                  secondary={`${circle.memberCount} member${circle.memberCount === 1 ? '' : 's'} · ${roleText(circle.role)}`}
                  slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </CardContent>
      <CreateCircleDialog open={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}
