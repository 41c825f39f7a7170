import AddIcon from '@mui/icons-material/Add';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import {
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  IconButton,
  List,
  Link,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { Fragment, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatMoney, formatSignedMoney } from '../../lib/money';
import { formatDate } from '../../lib/time';
import { useUnauthorizedRedirect } from '../../session/use-unauthorized';
import { useWalletControllerEntriesQuery, useWalletControllerSummaryQuery } from '../../api/enhanced-api';

const ENTRY_LABEL: Record<string, string> = {
  signup_bonus: 'Welcome bonus',
  bet_stake: 'Stake placed',
  bet_refund: 'Stake refunded',
  bet_payout: 'Winnings',
  payout_reversal: 'Payout reversed',
  admin_deposit: 'Deposit by admin',
  admin_withdrawal: 'Withdrawal by admin',
};

/** A reversal names what it took back: a changed decision reverses a payout, or a draw's refunds. */
function entryLabel(entry: { type: string; description: string | null }): string {
  if (entry.type === 'payout_reversal' && entry.description?.startsWith('Decision changed, refund'))
    return 'Refund reversed';
  return ENTRY_LABEL[entry.type] ?? entry.type;
}

/** docs/product.md §2 /history (Wallet), plus the available / in-play split and every receipt. */
export default function WalletPage() {
  const [hidden, setHidden] = useState(false);
  const wallet = useWalletControllerSummaryQuery();
  const ledger = useWalletControllerEntriesQuery({ limit: 100 });
  const navigate = useNavigate();
  useUnauthorizedRedirect(wallet.error, ledger.error);
  const show = (amount: string | undefined) => (hidden ? '***.**' : formatMoney(amount));

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Wallet
      </Typography>
      <Card>
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography color="text.secondary">Balance (USD)</Typography>
            <IconButton
              aria-label={hidden ? 'Show balance' : 'Hide balance'}
              onClick={() => setHidden(!hidden)}
            >
              {hidden ? <VisibilityIcon /> : <VisibilityOffIcon />}
            </IconButton>
          </Stack>
          {wallet.isLoading ? (
            <Skeleton width={200} height={56} />
          ) : (
            <Typography variant="h3" component="p" data-testid="wallet-available" sx={{ fontWeight: 800 }}>
              ${show(wallet.data?.available)}
            </Typography>
          )}
          <Stack direction="row" spacing={3} sx={{ mt: 1, flexWrap: 'wrap' }}>
            <Typography>
              Available: <strong data-testid="wallet-available-line">${show(wallet.data?.available)}</strong>
            </Typography>
            <Typography>
              In play: <strong data-testid="wallet-in-play">${show(wallet.data?.inPlay)}</strong>
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Available is what you can stake now; in play is held for your open bets until they end.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => void navigate('/?create=1')}>
              Create New Bet
            </Button>
            <Button variant="outlined" component={RouterLink} to="/bets">
              Bet history
            </Button>
            <Button variant="outlined" disabled>
              Add Funds
            </Button>
            <Button variant="outlined" disabled>
              Withdraw
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Fund management coming soon
          </Typography>
        </CardContent>
      </Card>

      <Box component="section" aria-labelledby="receipts-heading">
        <Typography id="receipts-heading" variant="h6" component="h2" gutterBottom>
          Receipts
        </Typography>
        <Card>
          {ledger.isLoading ? (
            <Box sx={{ p: 2 }}>
              <Skeleton height={48} />
              <Skeleton height={48} />
            </Box>
          ) : (
            <List aria-label="Balance changes" data-testid="receipts">
              {(ledger.data ?? []).map((entry, index) => (
                // A fragment, not a box: the list may hold only its items (and dividers drawn as items).
                <Fragment key={entry.id}>
                  {index > 0 && <Divider component="li" aria-hidden />}
                  <ListItem
                    secondaryAction={
                      <Stack sx={{ alignItems: 'flex-end' }}>
                        <Typography
                          sx={{ fontWeight: 700 }}
                          color={Number(entry.amount) < 0 ? 'error.main' : 'success.main'}
                        >
                          {hidden ? '***.**' : formatSignedMoney(entry.amount)}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {hidden ? '' : `= ${formatMoney(entry.balanceAfter)}`}
                        </Typography>
                      </Stack>
                    }
                  >
                    <ListItemText
                      primary={
                        entry.referenceType === 'bet' && entry.referenceId ? (
                          <Link component={RouterLink} to={`/bets/${entry.referenceId}`} underline="hover">
                            {entryLabel(entry)}
                          </Link>
                        ) : (
                          entryLabel(entry)
                        )
                      }
                      secondary={`${entry.description ?? ''} · ${formatDate(entry.createdAt)}`}
                      slotProps={{ secondary: { sx: { pr: 10, overflowWrap: 'anywhere' } } }}
                    />
                  </ListItem>
                </Fragment>
              ))}
            </List>
          )}
        </Card>
      </Box>
    </Stack>
  );
}
