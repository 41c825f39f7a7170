import { Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { LoadMore, pagedList } from '../../components/LoadMore';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { personName } from '../../lib/person-name';
import { formatDateTime, formatRelativeTime } from '../../lib/time';
import { MemberAvatar } from './CircleAvatar';
import { type Comment, type CommentPage } from './circles-api';
import { CommentForm } from './CommentForm';
import { HideCommentDialog } from './HideCommentDialog';
import {
  useFeedControllerCreateMutation,
  useFeedControllerEditMutation,
  useFeedControllerListPagesInfiniteQuery,
  useFeedControllerRemoveMutation,
} from '../../api/enhanced-api';

function CommentRow({
  comment,
  isAdmin,
  onHide,
}: {
  comment: Comment;
  isAdmin: boolean;
  onHide: (comment: Comment) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [edit] = useFeedControllerEditMutation();
  const [remove, { isLoading: removing }] = useFeedControllerRemoveMutation();
  const run = useMutationToast();
  const author = personName(comment.author);
  return (
    <Stack component="li" direction="row" spacing={1.5} sx={{ py: 1 }}>
      <MemberAvatar person={comment.author} size={32} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {author}
          </Box>{' '}
          <Box
            component="time"
            dateTime={comment.createdAt}
            title={formatDateTime(comment.createdAt)}
            sx={{ color: 'text.secondary' }}
          >
            {formatRelativeTime(comment.createdAt)}
          </Box>
          {comment.editedAt && (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {' '}
              (edited)
            </Box>
          )}
        </Typography>
        {editing ? (
          <Box sx={{ mt: 1 }}>
            <CommentForm
              label="Edit your comment"
              initial={comment.body ?? ''}
              submitLabel="Save"
              onCancel={() => setEditing(false)}
              onSend={async (body) => {
                await edit({ commentId: comment.id, commentInputDto: { body } }).unwrap();
                setEditing(false);
              }}
            />
          </Box>
        ) : comment.hidden ? (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}
          >
            Hidden by an admin{comment.hiddenReason ? `: ${comment.hiddenReason}` : ''}
          </Typography>
        ) : (
          // Plain text, never HTML: React writes it as text, and line breaks are kept.
          <Typography
            variant="body2"
            data-testid="comment-body"
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {comment.body}
          </Typography>
        )}
        {!editing && (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {comment.mine && !comment.hidden && (
              <Button
                size="small"
                onClick={() => setEditing(true)}
                sx={{ minHeight: 44 }}
                aria-label="Edit your comment"
              >
                Edit
              </Button>
            )}
            {comment.mine && (
              <Button
                size="small"
                color="inherit"
                disabled={removing}
                aria-label="Delete your comment"
                onClick={() =>
                  void run(() => remove(comment.id).unwrap(), {
                    success: { title: 'Comment deleted' },
                    failure: { title: 'Could not delete the comment', fallback: 'Please try again.' },
                  })
                }
                sx={{ minHeight: 44 }}
              >
                Delete
              </Button>
            )}
            {isAdmin && !comment.mine && !comment.hidden && (
              <Button
                size="small"
                color="error"
                aria-label={`Hide ${author}’s comment`}
                onClick={() => onHide(comment)}
                sx={{ minHeight: 44 }}
              >
                Hide
              </Button>
            )}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

/** A feed item's comments, newest first, and the box to write one (members; admins read and hide). */
export function CommentsSection({
  itemId,
  canComment,
  isAdmin,
}: {
  itemId: number;
  canComment: boolean;
  isAdmin: boolean;
}) {
  const comments = useFeedControllerListPagesInfiniteQuery(itemId);
  const { items, loadMore } = pagedList<Comment, CommentPage>(comments);
  const [add] = useFeedControllerCreateMutation();
  const [hiding, setHiding] = useState<Comment | null>(null);
  return (
    <Box sx={{ pt: 1 }}>
      {canComment && (
        <CommentForm
          label="Write a comment"
          submitLabel="Post comment"
          onSend={(body) => add({ itemId, commentInputDto: { body } }).unwrap()}
        />
      )}
      {comments.isLoading ? (
        <Skeleton variant="rounded" height={48} sx={{ mt: 1 }} />
      ) : comments.isError ? (
        <Typography color="error" variant="body2">
          Failed to load the comments.
        </Typography>
      ) : items.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          No comments yet.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Comments" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((comment) => (
            <CommentRow key={comment.id} comment={comment} isAdmin={isAdmin} onHide={setHiding} />
          ))}
        </Box>
      )}
      <LoadMore {...loadMore} label="Load older comments" endText="No older comments" />
      <HideCommentDialog comment={hiding} onClose={() => setHiding(null)} />
    </Box>
  );
}
