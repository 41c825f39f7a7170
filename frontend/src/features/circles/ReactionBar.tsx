import AddReactionOutlinedIcon from '@mui/icons-material/AddReactionOutlined';
import { Button, Menu, MenuItem, Stack, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useToast } from '../../components/toast/use-toast';
import { serverMessage } from '../../lib/errors';
import { personName } from '../../lib/person-name';
import { useFeedControllerReactMutation, useFeedControllerUnreactMutation } from '../../api/enhanced-api';
import { REACTION_NAMES, REACTIONS, type FeedItem, type ReactionEmoji } from './circles-api';

const nameOf = (emoji: string): string => REACTION_NAMES[emoji as ReactionEmoji] ?? emoji;

/** "thumbs up: Maya Lopez, you" — who reacted, for the tooltip and the screen reader. */
export function reactorsText(reaction: FeedItem['reactions'][number]): string {
  const names = reaction.by.map((person) => personName(person));
  return `${nameOf(reaction.emoji)}: ${names.join(', ')}`;
}

/**
 * An item's reactions: each one given so far with its count (pressed when it is yours; a tap takes it back,
 * another adds yours), and React, which offers the fixed set. Who reacted shows on hover and is read out.
 */
export function ReactionBar({ item, canReact }: { item: FeedItem; canReact: boolean }) {
  const [react, reacting] = useFeedControllerReactMutation();
  const [unreact, unreacting] = useFeedControllerUnreactMutation();
  const isLoading = reacting.isLoading || unreacting.isLoading;
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const toast = useToast();
  const toggle = (emoji: ReactionEmoji, on: boolean) => {
    setMenu(null);
    (on ? react : unreact)({ itemId: item.id, emoji })
      .unwrap()
      .catch((error: unknown) =>
        toast({
          title: 'Could not react',
          description: serverMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
      );
  };
  const given = item.reactions.filter((reaction) => reaction.count > 0);
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      {given.map((reaction) => (
        <Tooltip key={reaction.emoji} title={reactorsText(reaction)}>
          <Button
            size="small"
            variant={reaction.mine ? 'contained' : 'outlined'}
            color={reaction.mine ? 'primary' : 'inherit'}
            aria-pressed={reaction.mine}
            aria-label={`${nameOf(reaction.emoji)}, ${reaction.count}. ${reactorsText(reaction)}`}
            disabled={!canReact}
            onClick={() => toggle(reaction.emoji as ReactionEmoji, !reaction.mine)}
            sx={{ minWidth: 56, minHeight: 44, borderRadius: 5 }}
          >
            <span aria-hidden>{reaction.emoji}</span>
            <span aria-hidden style={{ marginLeft: 6 }}>
              {reaction.count}
            </span>
          </Button>
        </Tooltip>
      ))}
      {canReact && (
        <>
          <Button
            size="small"
            color="inherit"
            startIcon={<AddReactionOutlinedIcon />}
            aria-haspopup="menu"
            aria-expanded={menu ? 'true' : undefined}
            disabled={isLoading}
            onClick={(event) => setMenu(event.currentTarget)}
            sx={{ minHeight: 44 }}
          >
            React
          </Button>
          <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
            {REACTIONS.map((emoji) => {
              const mine = item.reactions.some((reaction) => reaction.emoji === emoji && reaction.mine);
              return (
                <MenuItem
                  key={emoji}
                  selected={mine}
                  onClick={() => toggle(emoji, !mine)}
                  sx={{ minHeight: 44 }}
                >
                  <span aria-hidden style={{ marginRight: 12, fontSize: 20 }}>
                    {emoji}
                  </span>
                  {mine ? `Take back ${REACTION_NAMES[emoji]}` : REACTION_NAMES[emoji]}
                </MenuItem>
              );
            })}
          </Menu>
        </>
      )}
    </Stack>
  );
}
