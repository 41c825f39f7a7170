import { Typography, type SxProps, type Theme } from '@mui/material';

/** The bell panel's heading, which names its dialog: drawn by the list and by the panel while the list loads. */
export function NotificationsTitle({ id, sx }: { id: string; sx?: SxProps<Theme> }) {
  return (
    <Typography id={id} variant="h6" component="h2" sx={sx}>
      Notifications
    </Typography>
  );
}
