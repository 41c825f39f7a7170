import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button, Stack, Typography } from '@mui/material';
import { LinkShare } from '../../components/LinkShare';
import { formatMoney } from '../../lib/money';
import { linkUrl } from '../../lib/pending-link';

/** After an open challenge is created: its link, QR code and share buttons, until the creator is done. */
export function ChallengeLinkReady({
  amount,
  title,
  linkCode,
  onDone,
}: {
  amount: string;
  title: string;
  linkCode: string | null;
  onDone: () => void;
}) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 2 }}>
      <Stack spacing={1} role="status" sx={{ alignItems: 'center', textAlign: 'center' }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
        <Typography variant="h4" component="h2">
          Challenge Link Ready!
        </Typography>
        <Typography color="text.secondary">
          Send it to anyone: the first person to accept it takes the bet. Your ${formatMoney(amount)} stake is
          held until then; you can cancel the challenge from your dashboard.
        </Typography>
      </Stack>
      <LinkShare
        url={linkCode ? linkUrl('challenge', linkCode) : null}
        qrAlt="QR code of your challenge link"
        shareTitle={title}
        shareText={`I bet $${formatMoney(amount)}: ${title}. Take me on?`}
        copiedTitle="Challenge link copied"
        copiedDescription="Send it to someone: the first to accept it takes the bet."
        testId="challenge-link"
      >
        <Button variant="outlined" onClick={onDone}>
          Done
        </Button>
      </LinkShare>
    </Stack>
  );
}

/** After a challenge to a person is sent: shown for SUCCESS_SCREEN_MS, then the flow closes. */
export function BetCreated({ opponentName }: { opponentName: string }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 6 }} role="status">
      <CheckCircleIcon color="success" sx={{ fontSize: 72 }} />
      <Typography variant="h4" component="h2">
        Bet Created!
      </Typography>
      <Typography color="text.secondary">Your challenge has been sent to {opponentName}.</Typography>
    </Stack>
  );
}
