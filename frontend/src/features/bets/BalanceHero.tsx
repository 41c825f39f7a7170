import { lazy, Suspense } from 'react';
import { LazyThemeRoot } from '../../components/LazyThemeRoot';
import { Button } from '../../components/plain/Button';
import { Card, CardContent } from '../../components/plain/Card';
import { AddIcon } from '../../components/plain/icons';
import { formatMoney } from '../../lib/money';
import { formatDateTime } from '../../lib/time';
import './Dashboard.css';

// MUI's Alert loads only for a suspended account, not with every dashboard (the first-visit budget).
const SuspensionBanner = lazy(() =>
  import('./SuspensionBanner').then((module) => ({ default: module.SuspensionBanner })),
);

/**
 * The top of the dashboard, plain HTML and CSS (components/plain: the balance is the first screen's largest
 * paint): the greeting, the balance and Create New Bet, with the suspension banner above it
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
          <LazyThemeRoot>
            <SuspensionBanner text={suspendedText} />
          </LazyThemeRoot>
        </Suspense>
      )}
      <Card style={{ background: 'linear-gradient(135deg, #4527a0, #7953d2)', color: '#fff', border: 0 }}>
        <CardContent>
          <h1 className="text-h5">{greeting}</h1>
          <p className="text-body1 balance-label">Balance</p>
          <p className="text-h3 balance-amount" data-testid="dashboard-balance">
            ${formatMoney(balance)}
          </p>
          <Button
            variant="contained"
            color="secondary"
            startIcon={<AddIcon />}
            onClick={onCreate}
            disabled={suspendedUntil !== null}
            aria-describedby={suspendedUntil ? 'create-disabled-reason' : undefined}
            className="balance-create"
          >
            Create New Bet
          </Button>
          {suspendedUntil && (
            <p id="create-disabled-reason" className="text-body2 balance-note">
              Creating bets is off while your account is suspended (until {formatDateTime(suspendedUntil)}).
            </p>
          )}
        </CardContent>
      </Card>
    </>
  );
}
