import {
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { LinkShare } from '../../components/LinkShare';
import { useToast } from '../../components/toast/use-toast';
import { inviteUrl } from './pending-invite';
import { useInvitesControllerMineQuery, useInvitesControllerReplaceMutation } from '../../api/enhanced-api';

/** Your invite link on /friends: QR code, Share, and Replace (docs/product.md, "Invite links"). */
export function InviteCard() {
  const invite = useInvitesControllerMineQuery();
  const [replace, { isLoading: replacing }] = useInvitesControllerReplaceMutation();
  const [confirming, setConfirming] = useState(false);
  const toast = useToast();
  const url = invite.data ? inviteUrl(invite.data.code) : null;

  const doReplace = async () => {
    setConfirming(false);
    try {
      await replace().unwrap();
      toast({
        title: 'Invite link replaced',
        description: 'The old link no longer works.',
        variant: 'success',
      });
    } catch {
      toast({
        title: 'Could not replace the link',
        description: 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Card>
      <CardHeader title="Invite Friends" subheader="Anyone who opens your link becomes your friend." />
      <CardContent>
        {invite.isError ? (
          <Typography color="error">Failed to load your invite link.</Typography>
        ) : (
          <LinkShare
            url={url}
            qrAlt="QR code of your invite link"
            shareTitle="Join me on Betwixt"
            shareText="Add me as a friend on Betwixt"
            copiedTitle="Invite link copied"
            copiedDescription="Send it to a friend: when they open it, you become friends."
            testId="invite-link"
          >
            <Button variant="text" disabled={!url || replacing} onClick={() => setConfirming(true)}>
              Replace link
            </Button>
          </LinkShare>
        )}
      </CardContent>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="replace-invite-title">
        <DialogTitle id="replace-invite-title">Replace your invite link?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The current link and QR code stop working at once. People you sent it to will need the new one.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button variant="contained" onClick={() => void doReplace()}>
            Replace
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
