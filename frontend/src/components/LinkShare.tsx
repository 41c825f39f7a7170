import ShareIcon from '@mui/icons-material/Share';
import { Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { useToast } from './toast/use-toast';

/** Phones get the system share sheet; elsewhere (and where sharing is missing) the link is copied. */
function sharesNatively(): boolean {
  return (
    typeof navigator.share === 'function' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(pointer: coarse)').matches
  );
}

/** The QR code of a link as an image address; the library loads only when a link is shown. */
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

/**
 * A link to send someone (an invite link, an open challenge): its QR code, the address, and Share — the
 * phone's share sheet, or a copy with a toast. `children` are further actions under Share.
 */
export function LinkShare({
  url,
  qrAlt,
  shareTitle,
  shareText,
  copiedTitle,
  copiedDescription,
  testId,
  children,
}: {
  url: string | null;
  qrAlt: string;
  shareTitle: string;
  shareText: string;
  /** The toast once the link is copied: its title, and what the recipient can do with the link. */
  copiedTitle: string;
  copiedDescription: string;
  testId?: string;
  children?: ReactNode;
}) {
  const qr = useQrCode(url);
  const toast = useToast();
  // Said next to the button too: inside a dialog the toasts behind it are hidden from screen readers.
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);

  const share = async () => {
    if (!url) return;
    if (sharesNatively()) {
      try {
        await navigator.share({ title: shareTitle, text: shareText, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return; // closed the sheet
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
      toast({ title: copiedTitle, description: copiedDescription, variant: 'success' });
    } catch {
      setCopied('failed');
      toast({
        title: 'Could not copy the link',
        description: 'Select the link and copy it yourself.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
      {qr ? (
        <Box
          component="img"
          src={qr}
          alt={qrAlt}
          sx={{ width: 200, height: 200, flexShrink: 0, borderRadius: 1 }}
        />
      ) : (
        <Skeleton variant="rounded" width={200} height={200} role="status" aria-label="Loading QR code" />
      )}
      <Stack spacing={1.5} sx={{ minWidth: 0, width: '100%' }}>
        <Typography
          data-testid={testId}
          variant="body2"
          sx={{ wordBreak: 'break-all', fontFamily: 'monospace', userSelect: 'all' }}
        >
          {url ?? <Skeleton width="100%" />}
        </Typography>
        <Button variant="contained" startIcon={<ShareIcon />} disabled={!url} onClick={() => void share()}>
          Share
        </Button>
        <Typography role="status" variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {copied === 'copied'
            ? 'Link copied to the clipboard'
            : copied === 'failed'
              ? 'Could not copy: select the link and copy it yourself'
              : ''}
        </Typography>
        {children}
      </Stack>
    </Stack>
  );
}
