import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { Box, Card, CardContent, CardHeader, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../lib/time';
import { useCirclesControllerTrophiesQuery } from '../../api/enhanced-api';

/**
 * A person's season trophies, on their profile: one per season they won in a circle. The circle is named
 * only to its members (the server leaves it out for others). Nothing shows before the first trophy.
 */
export function TrophiesCard({ userId }: { userId: string }) {
  const trophies = useCirclesControllerTrophiesQuery(userId);
  const list = trophies.data ?? [];
  if (list.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="trophies-heading">
      <CardHeader
        title={
          <Typography id="trophies-heading" variant="h6" component="h2">
            Trophies ({list.length})
          </Typography>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.map((trophy) => (
            <Stack
              component="li"
              key={`${trophy.circleId ?? 'hidden'}-${trophy.seasonNumber}-${trophy.awardedAt}`}
              direction="row"
              spacing={1.5}
              sx={{ alignItems: 'center', py: 1 }}
              data-testid="trophy"
            >
              <EmojiEventsIcon sx={{ color: '#b26a00' }} aria-hidden />
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  Season {trophy.seasonNumber} winner
                  {trophy.circleId && trophy.circleName ? (
                    <>
                      {' in '}
                      <Link component={RouterLink} to={`/circles/${trophy.circleId}?tab=table`}>
                        {trophy.circleName}
                      </Link>
                    </>
                  ) : (
                    ' in a circle'
                  )}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDate(trophy.awardedAt)}
                </Typography>
              </Box>
            </Stack>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
