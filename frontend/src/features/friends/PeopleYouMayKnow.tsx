import CloseIcon from '@mui/icons-material/Close';
import { Card, CardContent, CardHeader, IconButton, Skeleton } from '@mui/material';
import { useToast } from '../../components/toast/use-toast';
import { nameOf, PersonRow } from './PersonRow';
import { type Suggestion } from './friends-api';
import {
  useFriendsControllerDismissMutation,
  useFriendsControllerSuggestionsQuery,
} from '../../api/enhanced-api';

function reasonOf(person: Suggestion): string {
  if (person.mutualFriends > 0) {
    return `${person.mutualFriends} mutual friend${person.mutualFriends === 1 ? '' : 's'}`;
  }
  return person.betTogether ? 'You have bet together' : '';
}

/** Friends of friends and past opponents, each with Add Friend and a dismiss button (docs/product.md). */
export function PeopleYouMayKnow() {
  const suggestions = useFriendsControllerSuggestionsQuery();
  const [dismiss] = useFriendsControllerDismissMutation();
  const toast = useToast();
  if (suggestions.isLoading) return <Skeleton variant="rounded" height={120} />;
  // Nobody to suggest (or the list failed to load): the card is left out rather than shown empty.
  if (!suggestions.data || suggestions.data.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="people-you-may-know">
      <CardHeader
        title="People You May Know"
        slotProps={{ title: { id: 'people-you-may-know', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {suggestions.data.map((person) => (
          <PersonRow
            key={person.id}
            person={person}
            detail={reasonOf(person)}
            end={
              <IconButton
                size="small"
                aria-label={`Dismiss ${nameOf(person)}`}
                onClick={() =>
                  void dismiss(person.id)
                    .unwrap()
                    .catch(() => toast({ title: 'Could not dismiss suggestion.', variant: 'destructive' }))
                }
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            }
          />
        ))}
      </CardContent>
    </Card>
  );
}
