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
import { useId, useState } from 'react';
import { SEARCH_TEXT_MAX } from '../../lib/form-rules';
import { type PersonResult } from './people-api';
import { type RefereeRecord } from './referee-api';
import { displayName } from './types';
import { useFriendsControllerListQuery, useRefereesControllerRecordOfQuery } from '../../api/enhanced-api';

/** A referee's record in a few words: "4 calls · 1 appealed · 0 overturned", or why it cannot be told. */
export function recordText(record: RefereeRecord | undefined): string {
  if (!record) return 'Record loading…';
  if (!record.visible) return 'Record private';
  if (record.calls === 0) return 'No calls yet';
  return `${record.calls} call${record.calls === 1 ? '' : 's'} · ${record.appealed} appealed · ${record.overturned} overturned`;
}

/** Whether a friend matches the picker's search (name or username, letter case ignored). */
export function matchesSearch(person: PersonResult, search: string): boolean {
  const text = search.trim().toLowerCase();
  if (text === '') return true;
  return [displayName(person), person.username ?? ''].some((name) => name.toLowerCase().includes(text));
}

function RefereeRow({
  person,
  selected,
  onPick,
}: {
  person: PersonResult;
  selected: boolean;
  onPick: () => void;
}) {
  const record = useRefereesControllerRecordOfQuery(person.id);
  return (
    <ListItem disablePadding>
      <ListItemButton selected={selected} onClick={onPick} aria-pressed={selected} sx={{ minHeight: 56 }}>
        <ListItemAvatar>
          <Avatar src={person.profileImageUrl ?? undefined}>
            {displayName(person).slice(0, 1).toUpperCase()}
          </Avatar>
        </ListItemAvatar>
        <ListItemText
          primary={displayName(person)}
          secondary={record.isError ? 'Record unavailable' : recordText(record.data)}
        />
      </ListItemButton>
    </ListItem>
  );
}

/**
 * The referee picker: the creator's friends who are not players, each with their record as a referee (calls
 * made, appealed, overturned) so friends pick the trusted one; a search narrows the list.
 */
export function RefereePicker({
  playerIds,
  value,
  onPick,
}: {
  /** The people who play (the creator, the opponent or the pot's invitees): they cannot referee. */
  playerIds: readonly string[];
  value: string;
  onPick: (person: PersonResult) => void;
}) {
  const [search, setSearch] = useState('');
  const friends = useFriendsControllerListQuery({});
  const headingId = useId();
  const candidates = (friends.data?.items ?? []).filter((person) => !playerIds.includes(person.id));
  const shown = candidates.filter((person) => matchesSearch(person, search));
  return (
    <Stack spacing={1}>
      <Typography id={headingId} variant="subtitle2" component="h3">
        Choose a referee
      </Typography>
      <Typography variant="body2" color="text.secondary">
        A friend of yours who does not play. They call the outcome after the event and stake nothing; any
        player may appeal the call to an admin.
      </Typography>
      <TextField
        label="Search your friends"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        size="small"
        slotProps={{ htmlInput: { maxLength: SEARCH_TEXT_MAX } }}
      />
      {friends.isLoading && <Typography color="text.secondary">Loading…</Typography>}
      {friends.isError && (
        <Typography color="error" role="alert">
          Could not load your friends. Close and try again.
        </Typography>
      )}
      <List dense aria-labelledby={headingId}>
        {shown.map((person) => (
          <RefereeRow
            key={person.id}
            person={person}
            selected={value === person.id}
            onPick={() => onPick(person)}
          />
        ))}
      </List>
      {!friends.isLoading && !friends.isError && shown.length === 0 && (
        <Typography color="text.secondary">
          {candidates.length === 0
            ? 'No friend who is not playing: add a friend first to have them referee.'
            : 'No friend matches your search.'}
        </Typography>
      )}
    </Stack>
  );
}
