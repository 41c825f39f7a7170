import AddIcon from '@mui/icons-material/Add';
import { Button, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Card, CardContent } from '../../components/plain/Card';
import { formatMoney } from '../../lib/money';
import { formatDateTime } from '../../lib/time';

// MUI's Alert loads only for a suspended account, not with every dashboard (issue #11's first-visit budget).
const SuspensionBanner = lazy(() =>
  import('./SuspensionBanner').then((module) => ({ default: module.SuspensionBanner })),
);

/**
 * The top of the dashboard: the greeting, the balance and Create New Bet, with the suspension banner above it
 * while the account is suspended (creating is then off, and says why).
 */
export function BalanceHero({
  greeting,
  balance,
  suspendedUntil,
  onCreate,
}: {
  greeting: string;
  balance: string;
  suspendedUntil: string | null;
  onCreate: () => void;
}) {
  const suspendedText = suspendedUntil
    ? `Your account is suspended until ${formatDateTime(suspendedUntil)}. You can't create or accept bets until then.`
    : null;
  return (
    <>
      {suspendedText && (
        <Suspense fallback={null}>
          <SuspensionBanner text={suspendedText} />
        </Suspense>
      )}
      <Card style={{ background: 'linear-gradient(135deg, #4527a0, #7953d2)', color: '#fff', border: 0 }}>
        <CardContent>
          <Typography variant="h5" component="h1">
            {greeting}
          </Typography>
          <Typography sx={{ opacity: 0.85, mt: 1 }}>Balance</Typography>
          <Typography variant="h3" component="p" data-testid="dashboard-balance" sx={{ fontWeight: 800 }}>
            ${formatMoney(balance)}
          </Typography>
          <Button
            variant="contained"
            color="secondary"
            startIcon={<AddIcon />}
            onClick={onCreate}
            disabled={suspendedUntil !== null}
            aria-describedby={suspendedUntil ? 'create-disabled-reason' : undefined}
            sx={{ mt: 2 }}
          >
            Create New Bet
          </Button>
          {suspendedUntil && (
            <Typography id="create-disabled-reason" variant="body2" sx={{ mt: 1 }}>
              Creating bets is off while your account is suspended (until {formatDateTime(suspendedUntil)}).
            </Typography>
          )}
        </CardContent>
      </Card>
    </>
  );
}
