import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Menu,
  MenuItem,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LinkShare } from '../../components/LinkShare';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { personName } from '../../lib/person-name';
import { MemberAvatar } from './CircleAvatar';
import { circleLinkUrl, type Circle, type CircleMember } from './circles-api';
import { roleText } from './CirclesCard';
import { InviteFriendsDialog } from './InviteFriendsDialog';
import {
  useCirclesControllerLeaveMutation,
  useCirclesControllerRemoveMemberMutation,
  useCirclesControllerReplaceLinkMutation,
  useCirclesControllerSetRoleMutation,
} from '../../api/enhanced-api';

/** What the viewer may do to `member`: the owner anything, co-owners remove plain members (the server rules). */
export function memberActions(viewerRole: Circle['role'], member: CircleMember, viewerId: string) {
  const self = member.person.id === viewerId;
  return {
    changeRole: viewerRole === 'owner' && !self && member.role !== 'owner',
    remove:
      !self &&
      ((viewerRole === 'owner' && member.role !== 'owner') ||
        (viewerRole === 'co_owner' && member.role === 'member')),
  };
}

function MemberRow({ circle, member, viewerId }: { circle: Circle; member: CircleMember; viewerId: string }) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [setRole] = useCirclesControllerSetRoleMutation();
  const [remove] = useCirclesControllerRemoveMemberMutation();
  const run = useMutationToast();
  const name = personName(member.person);
  const may = memberActions(circle.role, member, viewerId);
  const act = (call: () => Promise<unknown>, title: string) => {
    setMenu(null);
    void run(call, {
      success: { title },
      failure: { title: 'That did not work', fallback: 'Please try again.' },
    });
  };
  return (
    <Stack component="li" direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 1 }}>
      <MemberAvatar person={member.person} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {name}
          {member.person.id === viewerId ? ' (you)' : ''}
        </Typography>
        {member.person.username && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            @{member.person.username}
          </Typography>
        )}
      </Box>
      {member.role !== 'member' && <Chip size="small" label={roleText(member.role)} />}
      {(may.changeRole || may.remove) && (
        <>
          <IconButton
            aria-label={`Manage ${name}`}
            aria-haspopup="menu"
            onClick={(event) => setMenu(event.currentTarget)}
          >
            <MoreVertIcon />
          </IconButton>
          <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
            {may.changeRole && (
              <MenuItem
                sx={{ minHeight: 44 }}
                onClick={() =>
                  act(
                    () =>
                      setRole({
                        id: circle.id,
                        userId: member.person.id,
                        setRoleDto: { role: member.role === 'co_owner' ? 'member' : 'co_owner' },
                      }).unwrap(),
                    member.role === 'co_owner' ? `${name} is a member again` : `${name} is now a co-owner`,
                  )
                }
              >
                {member.role === 'co_owner' ? 'Make a member again' : 'Make co-owner'}
              </MenuItem>
            )}
            {may.remove && (
              <MenuItem
                sx={{ minHeight: 44, color: 'error.main' }}
                onClick={() =>
                  act(
                    () => remove({ id: circle.id, userId: member.person.id }).unwrap(),
                    `${name} was removed`,
                  )
                }
              >
                Remove from circle
              </MenuItem>
            )}
          </Menu>
        </>
      )}
    </Stack>
  );
}

/** The circle's people, inviting (friends, or the link with its QR code), and leaving. */
export function MembersTab({ circle, viewerId }: { circle: Circle; viewerId: string }) {
  const [inviting, setInviting] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [leave, { isLoading: leavingNow }] = useCirclesControllerLeaveMutation();
  const [replace, { isLoading: replacing }] = useCirclesControllerReplaceLinkMutation();
  const run = useMutationToast();
  const navigate = useNavigate();
  const isMember = circle.role !== null;
  const manages = circle.role === 'owner' || circle.role === 'co_owner';
  const url = circle.inviteCode ? circleLinkUrl(circle.inviteCode) : null;

  const doLeave = async () => {
    setLeaving(false);
    const done = await run(() => leave(circle.id).unwrap(), {
      success: { title: `You left ${circle.name}`, description: 'Your bets stay yours.' },
      failure: { title: 'Could not leave the circle', fallback: 'Please try again.' },
    });
    if (done.ok) void navigate('/friends');
  };

  return (
    <Stack spacing={2}>
      <Card>
        <CardHeader
          title={
            <Typography variant="h6" component="h2">
              Members ({circle.members.length})
            </Typography>
          }
          action={
            isMember && (
              <Button startIcon={<PersonAddIcon />} onClick={() => setInviting(true)} sx={{ minHeight: 44 }}>
                Invite friends
              </Button>
            )
          }
          sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0 } }}
        />
        <CardContent sx={{ pt: 0 }}>
          <Box component="ul" aria-label="Members" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {circle.members.map((member) => (
              <MemberRow key={member.person.id} circle={circle} member={member} viewerId={viewerId} />
            ))}
          </Box>
        </CardContent>
      </Card>
      {isMember && url && (
        <Card component="section" aria-labelledby="circle-link-heading">
          <CardHeader
            title={
              <Typography id="circle-link-heading" variant="h6" component="h2">
                Invite link
              </Typography>
            }
            subheader="Anyone who opens it can join this circle."
          />
          <CardContent sx={{ pt: 0 }}>
            <LinkShare
              url={url}
              qrAlt={`QR code of the invite link to ${circle.name}`}
              shareTitle={`Join ${circle.name} on Betwixt`}
              shareText={`Join my circle ${circle.name} on Betwixt`}
              copiedTitle="Circle link copied"
              copiedDescription="Whoever opens it can join the circle."
              testId="circle-link"
            >
              {manages && (
                <Button
                  variant="text"
                  disabled={replacing}
                  onClick={() =>
                    void run(() => replace(circle.id).unwrap(), {
                      success: {
                        title: 'Circle link replaced',
                        description: 'The old link no longer works.',
                      },
                      failure: { title: 'Could not replace the link', fallback: 'Please try again.' },
                    })
                  }
                >
                  Replace link
                </Button>
              )}
            </LinkShare>
          </CardContent>
        </Card>
      )}
      {isMember && (
        <Box>
          <Button
            color="error"
            variant="outlined"
            onClick={() => setLeaving(true)}
            disabled={leavingNow}
            sx={{ minHeight: 44 }}
          >
            Leave circle
          </Button>
        </Box>
      )}
      <InviteFriendsDialog circle={circle} open={inviting} onClose={() => setInviting(false)} />
      <Dialog open={leaving} onClose={() => setLeaving(false)} aria-labelledby="leave-circle-title">
        <DialogTitle id="leave-circle-title">Leave {circle.name}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Your bets stay yours, but you leave the circle’s table and no longer see its feed.
            {circle.role === 'owner' ? ' The circle passes to its longest-standing co-owner or member.' : ''}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setLeaving(false)}>Stay</Button>
          <Button color="error" variant="contained" onClick={() => void doLeave()}>
            Leave
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
