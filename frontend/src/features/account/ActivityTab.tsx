import {
  Card,
  CardHeader,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { activityLine } from '../../lib/activity-text';
import { formatDate } from '../../lib/time';
import { useActivitiesControllerListQuery } from '../../api/enhanced-api';

export function ActivityTab() {
  const { data, isLoading } = useActivitiesControllerListQuery({ limit: 10 });
  return (
    <Card>
      <CardHeader title="Recent Activity" subheader="Latest updates and notifications" />
      {isLoading ? (
        <List role="status" aria-label="Loading activity">
          {[0, 1, 2].map((key) => (
            <ListItem key={key}>
              <Skeleton width="100%" height={40} />
            </ListItem>
          ))}
        </List>
      ) : data && data.length > 0 ? (
        <List sx={{ maxHeight: 480, overflowY: 'auto' }} aria-label="Recent activity">
          {data.slice(0, 10).map((entry) => (
            <ListItem key={entry.id} divider disablePadding>
              {entry.betId !== null ? (
                <ListItemButton component={RouterLink} to={`/bets/${entry.betId}`}>
                  <ListItemText
                    primary={activityLine(entry.description, entry.betId)}
                    secondary={formatDate(entry.createdAt)}
                  />
                </ListItemButton>
              ) : (
                <ListItemText
                  sx={{ px: 2, py: 1 }}
                  primary={activityLine(entry.description, entry.betId)}
                  secondary={formatDate(entry.createdAt)}
                />
              )}
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
          <strong>No Recent Activity</strong> - Start betting to see your activity here!
        </Typography>
      )}
    </Card>
  );
}
