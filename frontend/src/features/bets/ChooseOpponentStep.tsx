import GroupsIcon from '@mui/icons-material/Groups';
import LinkIcon from '@mui/icons-material/Link';
import {
  Avatar,
  List,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { SEARCH_TEXT_MAX } from '../../lib/form-rules';
import { type PersonResult } from './people-api';
import { displayName } from './types';
import { usePeopleControllerSearchQuery } from '../../api/enhanced-api';

function PersonRow({
  person,
  selected,
  onPick,
}: {
  person: PersonResult;
  selected: boolean;
  onPick: () => void;
}) {
  // A list holds list items: the button inside one, not in its place (axe "list").
  return (
    <ListItem disablePadding>
      <ListItemButton selected={selected} onClick={onPick} aria-pressed={selected}>
        <ListItemAvatar>
          <Avatar src={person.profileImageUrl ?? undefined}>
            {displayName(person).slice(0, 1).toUpperCase()}
          </Avatar>
        </ListItemAvatar>
        <ListItemText
          primary={displayName(person)}
          secondary={person.username ? `@${person.username}` : undefined}
        />
      </ListItemButton>
    </ListItem>
  );
}

/**
 * Step 1, 'Challenge Someone': an open link, or a person from the search (2+ characters) or the friends list.
 * The search text is the flow's, so going back here finds it as it was.
 */
export function ChooseOpponentStep({
  query,
  onQuery,
  friends,
  loadingFriends,
  opponent,
  onPickPerson,
  onPickLink,
  onPickPot,
}: {
  query: string;
  onQuery: (query: string) => void;
  friends: PersonResult[];
  loadingFriends: boolean;
  opponent: PersonResult | null;
  onPickPerson: (person: PersonResult) => void;
  onPickLink: () => void;
  /** "Start a group pot": a bet among 3 to 20 friends (its own flow). */
  onPickPot?: () => void;
}) {
  const searching = query.trim().length >= 2;
  const search = usePeopleControllerSearchQuery(query.trim(), { skip: !searching });
  const people = searching ? (search.data ?? []) : friends;
  return (
    <Stack spacing={2}>
      <ListItemButton
        onClick={onPickLink}
        sx={{ border: 1, borderColor: 'primary.main', borderRadius: 2, minHeight: 64 }}
      >
        <ListItemAvatar>
          <Avatar sx={{ bgcolor: 'primary.main' }}>
            <LinkIcon />
          </Avatar>
        </ListItemAvatar>
        <ListItemText
          primary="Send as a link"
          secondary="Anyone you send it to can accept, even without an account yet"
        />
      </ListItemButton>
      {onPickPot && (
        <ListItemButton
          onClick={onPickPot}
          sx={{ border: 1, borderColor: 'primary.main', borderRadius: 2, minHeight: 64 }}
        >
          <ListItemAvatar>
            <Avatar sx={{ bgcolor: 'primary.main' }}>
              <GroupsIcon />
            </Avatar>
          </ListItemAvatar>
          <ListItemText
            primary="Start a group pot"
            secondary="One question for 2 to 19 friends: whoever picks right splits the pot"
          />
        </ListItemButton>
      )}
      <TextField
        label="Search by name or username"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        helperText="Type at least 2 characters, or pick a friend below"
        slotProps={{ htmlInput: { maxLength: SEARCH_TEXT_MAX } }}
        autoFocus
      />
      <Typography variant="subtitle2" component="h3" color="textSecondary">
        {searching ? 'Search results' : 'Your friends'}
      </Typography>
      {(search.isFetching || loadingFriends) && <Typography color="text.secondary">Loading…</Typography>}
      <List dense aria-label="People to challenge">
        {people.map((person) => (
          <PersonRow
            key={person.id}
            person={person}
            selected={opponent?.id === person.id}
            onPick={() => onPickPerson(person)}
          />
        ))}
      </List>
      {!search.isFetching && people.length === 0 && (
        <Typography color="text.secondary">
          {searching
            ? 'No users found matching your search.'
            : 'No friends yet: search for someone to challenge.'}
        </Typography>
      )}
    </Stack>
  );
}
