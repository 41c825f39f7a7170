import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';

/** What an RTK Query infinite query over `{ items, nextBefore }` pages (or plain arrays) tells a list. */
interface PagedQuery<Page> {
  data?: { pages: Page[] };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export interface LoadMoreState {
  /** How many pages are on screen: a list that fitted in one needs no "that's all". */
  pages: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

/** The rows of every page loaded so far, in order, and the Load more button's state. */
export function pagedList<Item, Page extends { items: Item[] } | Item[]>(
  query: PagedQuery<Page>,
): { items: Item[]; loadMore: LoadMoreState } {
  const rowsOf = (page: { items: Item[] } | Item[]): Item[] => ('items' in page ? page.items : page);
  const items = (query.data?.pages ?? []).flatMap(rowsOf);
  return {
    items,
    loadMore: {
      pages: query.data?.pages.length ?? 0,
      hasMore: query.hasNextPage,
      loading: query.isFetchingNextPage,
      onLoadMore: () => void query.fetchNextPage(),
    },
  };
}

/**
 * The foot of a paged list (docs/performance.md, "Paging"): a button that loads the next page, with a spinner
 * meanwhile, then a line saying the list is complete. The button stays enabled while loading (a second click
 * does nothing) so it keeps the keyboard focus; when the last page arrives, the focus moves to the end line.
 */
export function LoadMore({
  pages,
  hasMore,
  loading,
  onLoadMore,
  label = 'Load more',
  endText,
}: LoadMoreState & {
  label?: string;
  /** Said once everything is loaded, when that took more than one page; nothing is said when omitted. */
  endText?: string;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const end = useRef<HTMLParagraphElement>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    if (loading) return;
    // The button went away under the keyboard focus (the browser dropped it on the page): keep the place.
    const dropped = document.activeElement === null || document.activeElement === document.body;
    if (!hasMore && hadFocus.current && dropped) end.current?.focus();
    hadFocus.current = false;
  }, [hasMore, loading]);

  if (!hasMore) {
    return endText && pages > 1 ? (
      <Typography
        ref={end}
        tabIndex={-1}
        role="status"
        variant="body2"
        color="text.secondary"
        sx={{ textAlign: 'center', py: 1, outline: 'none' }}
      >
        {endText}
      </Typography>
    ) : null;
  }
  return (
    <Box sx={{ textAlign: 'center', py: 1 }}>
      <Button
        ref={button}
        variant="outlined"
        aria-disabled={loading}
        onClick={() => {
          if (loading) return;
          hadFocus.current = document.activeElement === button.current;
          onLoadMore();
        }}
        startIcon={loading ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        sx={{ minHeight: 44 }}
      >
        {loading ? 'Loading…' : label}
      </Button>
    </Box>
  );
}
