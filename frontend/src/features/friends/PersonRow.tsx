import { Avatar, Box, Button, Chip, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useToast } from '../../components/toast/use-toast';
import { personName } from '../../lib/person-name';
import { type Person, type PersonSummary } from './friends-api';
import { useFriendsControllerRequestMutation } from '../../api/enhanced-api';

export const nameOf: (person: PersonSummary) => string = personName;

export function PersonAvatar({ person }: { person: PersonSummary }) {
  return (
    <Avatar src={person.profileImageUrl ?? undefined} sx={{ bgcolor: 'primary.light' }}>
      {nameOf(person).slice(0, 1).toUpperCase()}
    </Avatar>
  );
}

/**
 * One person in a list (search results, people you may know): avatar, name, @username, an optional line
 * of context, and how you stand with them, with Add Friend when you are not connected yet.
 */
export function PersonRow({ person, detail, end }: { person: Person; detail?: ReactNode; end?: ReactNode }) {
  const [send, { isLoading }] = useFriendsControllerRequestMutation();
  const toast = useToast();
  const add = async () => {
    try {
      await send({ addresseeId: person.id }).unwrap();
      toast({ title: 'Friend request sent!', variant: 'success' });
    } catch {
      toast({ title: 'Failed to send friend request.', variant: 'destructive' });
    }
  };
  const status = person.friendshipStatus;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 1 }}>
      <PersonAvatar person={person} />
      {/* Names wrap rather than end in "…": beside Add Friend and Dismiss a phone row is narrow. */}
      <Box sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography sx={{ fontWeight: 600 }}>{nameOf(person)}</Typography>
        {person.username && (
          <Typography variant="body2" color="textSecondary">
            @{person.username}
          </Typography>
        )}
        {detail && (
          <Typography variant="body2" color="textSecondary">
            {detail}
          </Typography>
        )}
      </Box>
      {status === 'friends' && <Chip label="Friends" color="success" size="small" />}
      {status === 'request_sent' && <Chip label="Pending" size="small" />}
      {status === 'request_received' && <Chip label="Request Received" color="info" size="small" />}
      {status === 'none' && (
        <Button
          size="small"
          variant="contained"
          disabled={isLoading}
          onClick={() => void add()}
          aria-label={`Add Friend ${nameOf(person)}`}
          sx={{ flexShrink: 0 }}
        >
          Add Friend
        </Button>
      )}
      {end}
    </Stack>
  );
}
