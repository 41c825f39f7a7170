import { Box, Card, CardContent, Chip, Divider, Stack, Typography } from '@mui/material';
import { formatMoney, formatSignedMoney } from '../../../lib/money';
import { formatDateTime } from '../../../lib/time';
import { resultOf } from '../bet-result';
import { stateInWords } from '../bet-state-text';
import { displayName, type BetPageData } from '../types';
import { invitedSeats, joinedSeats, potReportText, potTotal, seatNet, winningsIfRight } from './pot-result';

/**
 * A pot's page card: the question, the pot, where it stands, and every player with their pick, whether they
 * have reported (and what), what they would take home if their pick happens, and once settled what they got.
 */
export function PotDetails({ page, viewerId }: { page: BetPageData; viewerId: string }) {
  const { bet } = page;
  const result = resultOf(bet, viewerId);
  const players = joinedSeats(bet);
  const invited = invitedSeats(bet);
  const settled = bet.status === 'completed';
  const started = bet.status !== 'pending';
  return (
    <Card>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}
          >
            <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {bet.title}
            </Typography>
            {result ? (
              <Chip color={result.color} label={result.label} />
            ) : (
              <Chip variant="outlined" label={bet.status === 'pending' ? 'Taking players' : 'Active'} />
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            Group pot · ${formatMoney(bet.amount)} each
          </Typography>
          {bet.description && (
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {bet.description}
            </Typography>
          )}
          <Typography variant="h6" component="p" data-testid="pot-total">
            Pot ${formatMoney(potTotal(bet))}
            {result?.net && (
              <Box
                component="span"
                sx={{ ml: 1, color: result.net.startsWith('+') ? 'success.dark' : 'error.dark' }}
              >
                (you {result.net.startsWith('+') ? '+' : '−'}${result.net.slice(1)})
              </Box>
            )}
          </Typography>
          <Typography>{stateInWords(bet, viewerId)}</Typography>
          <Divider />
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            Players ({players.length})
          </Typography>
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Players">
            {players.map((seat) => {
              const name = seat.userId === viewerId ? 'You' : displayName(seat.person);
              const ifRight = winningsIfRight(bet, seat);
              const net = seatNet(seat);
              return (
                <Box
                  component="li"
                  key={seat.userId}
                  data-testid={`player-${seat.userId}`}
                  sx={{
                    borderLeft: 3,
                    borderColor: seat.userId === viewerId ? 'primary.main' : 'divider',
                    pl: 1.5,
                  }}
                >
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {name}
                    {seat.role === 'creator' && (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {' '}
                        · started it
                      </Typography>
                    )}
                  </Typography>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    Picked {seat.pick ?? '—'}
                    {started && ` · reported ${potReportText(seat.result)}`}
                  </Typography>
                  {!settled && ifRight && (
                    <Typography variant="body2" color="text.secondary">
                      Takes ${formatMoney(ifRight)} if {seat.pick} happens
                    </Typography>
                  )}
                  {settled && seat.payout !== null && (
                    <Typography
                      variant="body2"
                      sx={{
                        fontWeight: 700,
                        color:
                          net && net > 0 ? 'success.dark' : net && net < 0 ? 'error.dark' : 'text.primary',
                      }}
                    >
                      Got ${formatMoney(seat.payout)} back (
                      {net === 0 ? 'stake back' : formatSignedMoney(net ?? 0)})
                    </Typography>
                  )}
                </Box>
              );
            })}
          </Stack>
          {bet.status === 'pending' && invited.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              Invited, not in yet:{' '}
              {invited
                .map((seat) => (seat.userId === viewerId ? 'you' : displayName(seat.person)))
                .join(', ')}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            Created {formatDateTime(bet.createdAt)}
            {bet.joinBy && bet.status === 'pending' && ` · Joining closes ${formatDateTime(bet.joinBy)}`}
            {bet.resolutionDate &&
              ` · ${bet.status === 'disputed' ? 'Disputed' : 'Decided'} ${formatDateTime(bet.resolutionDate)}`}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
