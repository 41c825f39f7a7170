import { Card, Skeleton, Stack, Typography } from '@mui/material';
import { LoadMore, pagedList } from '../../components/LoadMore';
import { type FeedItem, type FeedPage } from './circles-api';
import { FeedItemCard } from './FeedItemCard';
import { useCirclesControllerFeedPagePagesInfiniteQuery } from '../../api/enhanced-api';

/**
 * The circle's feed, newest first, a page at a time. Live: the stream's `circle` events invalidate this
 * circle's feed (live-topics.ts), so a new bet, comment count or reaction shows without a reload.
 */
export function CircleFeed({
  circleId,
  viewerId,
  isMember,
  isAdmin,
}: {
  circleId: string;
  viewerId: string;
  isMember: boolean;
  isAdmin: boolean;
}) {
  const feed = useCirclesControllerFeedPagePagesInfiniteQuery(circleId);
  const { items, loadMore } = pagedList<FeedItem, FeedPage>(feed);
  if (feed.isLoading) return <Skeleton variant="rounded" height={160} />;
  if (feed.isError) return <Typography color="error">Failed to load the feed.</Typography>;
  return (
    <Stack spacing={2}>
      {items.length === 0 ? (
        <Card sx={{ p: 3, textAlign: 'center', borderStyle: 'dashed' }}>
          <Typography color="text.secondary">
            Nothing here yet. When you challenge a member, choose “Post in circle” and the bet shows up here
            for everyone in the circle.
          </Typography>
        </Card>
      ) : (
        <Stack spacing={2} aria-label="Feed" role="feed" aria-busy={feed.isFetching}>
          {items.map((item) => (
            <FeedItemCard
              key={item.id}
              item={item}
              viewerId={viewerId}
              isMember={isMember}
              isAdmin={isAdmin}
            />
          ))}
        </Stack>
      )}
      <LoadMore {...loadMore} label="Load older posts" endText="That is the whole feed" />
    </Stack>
  );
}
