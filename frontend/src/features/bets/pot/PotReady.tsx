import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { LinkShare } from '../../../components/LinkShare';
import { formatMoney } from '../../../lib/money';
import { linkUrl } from '../../../lib/pending-link';

/** After a pot is started: who was invited, and its link for friends who were not (a QR code and Share). */
export function PotReady({
  betId,
  stake,
  title,
  invited,
  linkCode,
  onDone,
}: {
  betId: number;
  stake: string;
  title: string;
  invited: number;
  linkCode: string | null;
  onDone: () => void;
}) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 2 }}>
      <Stack spacing={1} role="status" sx={{ alignItems: 'center', textAlign: 'center' }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
        <Typography variant="h4" component="h2">
          Pot Started!
        </Typography>
        <Typography color="text.secondary">
          {invited} friends are invited. Your ${formatMoney(stake)} stake is in the pot; friends you did not
          invite can join with the link.
        </Typography>
      </Stack>
      <LinkShare
        url={linkCode ? linkUrl('challenge', linkCode) : null}
        qrAlt="QR code of your pot's link"
        shareTitle={title}
        shareText={`Join my pot: ${title}. $${formatMoney(stake)} each, whoever picks right splits it.`}
        copiedTitle="Pot link copied"
        copiedDescription="Send it to friends: they join with their pick."
        testId="pot-link"
      >
        <Button component={RouterLink} to={`/bets/${betId}`} variant="contained" onClick={onDone}>
          See the pot
        </Button>
        <Button variant="outlined" onClick={onDone}>
          Done
        </Button>
      </LinkShare>
    </Stack>
  );
}
