import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  InputAdornment,
  LinearProgress,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { SEARCH_TEXT_MAX } from '../../lib/form-rules';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { PersonRow } from './PersonRow';
import { usePeopleControllerSearchQuery, usePeopleControllerSuggestionsQuery } from '../../api/enhanced-api';

/** Searches wait for this pause in typing, so one word is one request. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Fewer characters than this give a hint, not a search. */
export const SEARCH_MIN_LENGTH = 2;

/** Find Friends: search by name, username, email or phone, with suggestions when nothing matches. */
export function FindFriendsCard() {
  const [query, setQuery] = useState('');
  const typed = query.trim();
  const term = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const searching = term.length >= SEARCH_MIN_LENGTH;
  const search = usePeopleControllerSearchQuery(term, { skip: !searching });
  // currentData is the answer for this very term: a slower answer to an older one is never shown.
  const results = searching ? search.currentData : undefined;
  const settled = searching && typed === term && !search.isFetching && !search.isError;
  const noResults = settled && (results?.length ?? 0) === 0;
  const suggestions = usePeopleControllerSuggestionsQuery(term, { skip: !noResults });

  return (
    <Card>
      <CardHeader title="Find Friends" />
      <CardContent>
        <TextField
          fullWidth
          label="Name, username, email or phone"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
            htmlInput: { enterKeyHint: 'search', maxLength: SEARCH_TEXT_MAX },
            formHelperText: { 'aria-live': 'polite' } as object,
          }}
          helperText={
            typed.length > 0 && typed.length < SEARCH_MIN_LENGTH
              ? `Type at least ${SEARCH_MIN_LENGTH} characters to search.`
              : 'Usernames match anywhere; an email or phone number must be complete.'
          }
        />
        {typed.length >= SEARCH_MIN_LENGTH && (typed !== term || search.isFetching) && (
          <LinearProgress aria-label="Searching" sx={{ mt: 1 }} />
        )}
        {search.isError && searching && (
          <Typography color="error" sx={{ mt: 1 }}>
            Failed to search users
          </Typography>
        )}
        <Box data-testid="search-results">
          {(results ?? []).map((person) => (
            <PersonRow key={person.id} person={person} />
          ))}
        </Box>
        {noResults && (
          <Box sx={{ mt: 1 }}>
            <Typography color="text.secondary">No users found matching your search.</Typography>
            {(suggestions.currentData?.length ?? 0) > 0 && (
              <>
                <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
                  Suggestions
                </Typography>
                {(suggestions.currentData ?? []).map((person) => (
                  <PersonRow key={person.id} person={person} />
                ))}
              </>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
