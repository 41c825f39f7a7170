import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import {
  Alert,
  Avatar,
  Button,
  List,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { SEARCH_TEXT_MAX } from '../../../lib/form-rules';
import { type PersonResult } from '../people-api';
import { displayName } from '../types';
import { MAX_INVITEES, MIN_INVITEES } from './pot-schema';
import { usePeopleControllerSearchQuery } from '../../../api/enhanced-api';

/**
 * The pot's first step: the friends to invite, 2 to 19, ticked from the friends list or found by search.
 * Only friends can be invited, so search results that are not friends say so instead of a tick box.
 */
export function PotPlayersStep({
  query,
  onQuery,
  friends,
  loadingFriends,
  chosen,
  onToggle,
  onContinue,
}: {
  query: string;
  onQuery: (query: string) => void;
  friends: PersonResult[];
  loadingFriends: boolean;
  chosen: PersonResult[];
  onToggle: (person: PersonResult) => void;
  onContinue: () => void;
}) {
  const searching = query.trim().length >= 2;
  const search = usePeopleControllerSearchQuery(query.trim(), { skip: !searching });
  const friendIds = new Set(friends.map((friend) => friend.id));
  const people = searching ? (search.data ?? []) : friends;
  const chosenIds = new Set(chosen.map((person) => person.id));
  const full = chosen.length >= MAX_INVITEES;
  const count = chosen.length;
  return (
    <Stack spacing={2}>
      <Typography>
        Invite 2 to 19 friends. Everyone puts in the same stake; whoever picks right splits the pot.
      </Typography>
      <TextField
        label="Search your friends"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        helperText="Type at least 2 characters, or tick friends below"
        slotProps={{ htmlInput: { maxLength: SEARCH_TEXT_MAX } }}
      />
      <Typography variant="subtitle2" component="h3" color="textSecondary">
        {searching ? 'Search results' : 'Your friends'}
      </Typography>
      {(search.isFetching || loadingFriends) && <Typography color="text.secondary">Loading…</Typography>}
      <List dense aria-label="Friends to invite">
        {people.map((person) => {
          const isFriend = friendIds.has(person.id);
          const ticked = chosenIds.has(person.id);
          return (
            <ListItem key={person.id} disablePadding>
              <ListItemButton
                role="checkbox"
                aria-checked={ticked}
                disabled={!isFriend || (full && !ticked)}
                onClick={() => onToggle(person)}
                sx={{ minHeight: 56 }}
              >
                {ticked ? (
                  <CheckBoxIcon color="primary" aria-hidden sx={{ mr: 1.5 }} />
                ) : (
                  <CheckBoxOutlineBlankIcon aria-hidden sx={{ mr: 1.5 }} />
                )}
                <ListItemAvatar>
                  <Avatar src={person.profileImageUrl ?? undefined}>
                    {displayName(person).slice(0, 1).toUpperCase()}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={displayName(person)}
                  secondary={
                    isFriend
                      ? person.username
                        ? `@${person.username}`
                        : undefined
                      : 'Not your friend yet: only friends can be invited'
                  }
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      {!search.isFetching && !loadingFriends && people.length === 0 && (
        <Typography color="text.secondary">
          {searching ? 'No users found matching your search.' : 'No friends yet: add friends to start a pot.'}
        </Typography>
      )}
      <Alert severity={count >= MIN_INVITEES ? 'success' : 'info'} role="status">
        {count === 0
          ? 'Nobody invited yet.'
          : `${count} friend${count === 1 ? '' : 's'} invited: ${chosen.map((person) => displayName(person)).join(', ')}.`}
        {count < MIN_INVITEES && ` Invite at least ${MIN_INVITEES}.`}
        {full && ' That is the most a pot holds.'}
      </Alert>
      <Button variant="contained" size="large" disabled={count < MIN_INVITEES} onClick={onContinue}>
        Continue
      </Button>
    </Stack>
  );
}
