import { Alert, AlertTitle } from '@mui/material';

/** Above the balance while the account is suspended: says until when. */
export function SuspensionBanner({ text }: { text: string }) {
  return (
    <Alert severity="warning" data-testid="suspension-banner">
      <AlertTitle>Account suspended</AlertTitle>
      {text}
    </Alert>
  );
}
