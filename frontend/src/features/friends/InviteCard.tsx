import ShareIcon from '@mui/icons-material/Share';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useToast } from '../../components/toast/use-toast';
import { useMyInviteQuery, useReplaceInviteMutation } from './friends-api';
import { inviteUrl } from './pending-invite';

/** Phones get the system share sheet; elsewhere (and where sharing is missing) the link is copied. */
function sharesNatively(): boolean {
  return (
    typeof navigator.share === 'function' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(pointer: coarse)').matches
  );
}

/** The QR code of a link as an image address; the library loads only with this card. */
function useQrCode(text: string | null): string | null {
  const [image, setImage] = useState<{ text: string; src: string } | null>(null);
  useEffect(() => {
    if (!text) return;
    let live = true;
    void import('qrcode')
      .then((QRCode) => QRCode.toDataURL(text, { margin: 1, width: 200 }))
      .then((src) => {
        if (live) setImage({ text, src });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return image && image.text === text ? image.src : null;
}

/** Your invite link on /friends: QR code, Share, and Replace (docs/product.md, "Invite links"). */
export function InviteCard() {
  const invite = useMyInviteQuery();
  const [replace, { isLoading: replacing }] = useReplaceInviteMutation();
  const [confirming, setConfirming] = useState(false);
  const toast = useToast();
  const url = invite.data ? inviteUrl(invite.data.code) : null;
  const qr = useQrCode(url);

  const share = async () => {
    if (!url) return;
    if (sharesNatively()) {
      try {
        await navigator.share({ title: 'Join me on Betwixt', text: 'Add me as a friend on Betwixt', url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return; // closed the sheet
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({
        title: 'Invite link copied',
        description: 'Send it to a friend: when they open it, you become friends.',
        variant: 'success',
      });
    } catch {
      toast({
        title: 'Could not copy the link',
        description: 'Select the link and copy it yourself.',
        variant: 'destructive',
      });
    }
  };

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
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
            {qr ? (
              <Box
                component="img"
                src={qr}
                alt="QR code of your invite link"
                sx={{ width: 200, height: 200, flexShrink: 0, borderRadius: 1 }}
              />
            ) : (
              <Skeleton variant="rounded" width={200} height={200} aria-label="Loading QR code" />
            )}
            <Stack spacing={1.5} sx={{ minWidth: 0, width: '100%' }}>
              <Typography
                data-testid="invite-link"
                variant="body2"
                sx={{ wordBreak: 'break-all', fontFamily: 'monospace', userSelect: 'all' }}
              >
                {url ?? <Skeleton width="100%" />}
              </Typography>
              <Button
                variant="contained"
                startIcon={<ShareIcon />}
                disabled={!url}
                onClick={() => void share()}
              >
                Share
              </Button>
              <Button variant="text" disabled={!url || replacing} onClick={() => setConfirming(true)}>
                Replace link
              </Button>
            </Stack>
          </Stack>
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
