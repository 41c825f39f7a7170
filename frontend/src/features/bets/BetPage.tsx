import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Divider,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink, useParams } from 'react-router';
import { LinkShare } from '../../components/LinkShare';
import { isApiError, serverMessage } from '../../lib/errors';
import { formatMoney, formatSignedMoney } from '../../lib/money';
import { linkUrl } from '../../lib/pending-link';
import { formatDateTime } from '../../lib/time';
import { useAuth } from '../../session/use-auth';
import { useUnauthorizedRedirect } from '../../session/use-unauthorized';
import { resultOf, sides } from './bet-result';
import { reportText, stateInWords } from './bet-state-text';
import { displayName, otherSideName, type BetPageData } from './types';
import { useBetDialogs } from './use-bet-dialogs';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import NotFoundPage from '../../components/NotFoundPage';
import { Section } from './BetPageSection';
import { BetActions } from './BetActions';
import { DisputeSection } from './DisputeSection';
import { OffersSection } from './OffersSection';
import { RefereeSection } from './RefereeSection';
import { stakeLine } from './stakes';
import { PotActions } from './pot/PotActions';
import { PotDetails } from './pot/PotDetails';
import { seatNameOf } from './pot/pot-result';
import { useBetsControllerPageQuery } from '../../api/enhanced-api';

function BetDetails({ page, viewerId }: { page: BetPageData; viewerId: string }) {
  const { bet } = page;
  const result = resultOf(bet, viewerId);
  // The referee reads the bet as an admin does: both players by name.
  const isAdminView = page.viewerRole === 'admin' || page.viewerRole === 'referee';
  const { other, myPick, theirPick } = sides(bet, viewerId);
  const people = isAdminView
    ? [
        { who: displayName(bet.creator), pick: bet.creatorPick, report: bet.creatorResult },
        { who: displayName(bet.opponent), pick: bet.opponentPick, report: bet.opponentResult },
      ]
    : [
        {
          who: 'You',
          pick: myPick,
          report: bet.creatorId === viewerId ? bet.creatorResult : bet.opponentResult,
        },
        {
          who: otherSideName(bet, other),
          pick: theirPick,
          report: bet.creatorId === viewerId ? bet.opponentResult : bet.creatorResult,
        },
      ];
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
              <Chip variant="outlined" label={bet.status === 'pending' ? 'Pending' : 'Active'} />
            )}
          </Stack>
          {bet.description && (
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {bet.description}
            </Typography>
          )}
          <Typography variant="h6" component="p">
            {stakeLine(bet, isAdminView ? null : viewerId)}
            {result?.net && (
              <Box
                component="span"
                sx={{ ml: 1, color: result.net.startsWith('+') ? 'success.dark' : 'error.dark' }}
              >
                ({result.net.startsWith('+') ? '+' : '−'}${result.net.slice(1)})
              </Box>
            )}
          </Typography>
          <Typography>{stateInWords(bet, viewerId)}</Typography>
          <Divider />
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
          >
            {people.map((person) => (
              <Box key={person.who} sx={{ display: 'contents' }}>
                <Typography component="dt" sx={{ fontWeight: 700 }}>
                  {person.who}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  picked {person.pick ?? '—'}
                  {/* A referee bet is called, not reported: the players' reports say nothing there. */}
                  {bet.status !== 'pending' &&
                    bet.resolutionType !== 'referee' &&
                    `; reported ${reportText(person.report)}`}
                </Typography>
              </Box>
            ))}
            {bet.referee && (
              <>
                <Typography component="dt" sx={{ fontWeight: 700 }}>
                  Referee
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {page.viewerRole === 'referee' ? 'You' : displayName(bet.referee)}
                  {!bet.refereeAcceptedAt && ' (asked, not yet agreed)'}
                </Typography>
              </>
            )}
          </Box>
          <Typography variant="body2" color="text.secondary">
            Created {formatDateTime(bet.createdAt)}
            {/* A disputed bet's resolutionDate is when it went to dispute (spec), not a decision. */}
            {bet.resolutionDate &&
              ` · ${bet.status === 'disputed' ? 'Disputed' : 'Decided'} ${formatDateTime(bet.resolutionDate)}`}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** `/bets/:id`: a bet from challenge to payout, for its two parties and admins; anyone else sees the 404 page. */
export default function BetPage() {
  const { id } = useParams();
  const betId = id && /^[1-9]\d{0,15}$/.test(id) ? Number(id) : null;
  const { user } = useAuth();
  const query = useBetsControllerPageQuery(betId ?? skipToken);
  const { dialogs, openOutcome } = useBetDialogs(user?.id ?? '');
  useUnauthorizedRedirect(query.error);

  if (!user) return null;
  if (betId === null || (isApiError(query.error) && query.error.status === 404)) return <NotFoundPage />;
  const page = query.data;

  return (
    <Stack spacing={2}>
      <Box>
        <Button component={RouterLink} to="/bets" startIcon={<ArrowBackIcon />} sx={{ minHeight: 44 }}>
          All bets
        </Button>
      </Box>
      {query.isError && !page ? (
        <Alert severity="error" action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
          {serverMessage(query.error, 'Could not load this bet.')}
        </Alert>
      ) : !page ? (
        <Stack spacing={2} role="status" aria-label="Loading the bet">
          <Skeleton variant="rounded" height={220} />
          <Skeleton variant="rounded" height={140} />
        </Stack>
      ) : (
        <>
          {page.bet.kind === 'pot' ? (
            <>
              <PotDetails page={page} viewerId={user.id} />
              <PotActions bet={page.bet} viewerId={user.id} onReport={() => openOutcome(page.bet)} />
            </>
          ) : (
            <>
              <BetDetails page={page} viewerId={user.id} />
              <BetActions bet={page.bet} viewerId={user.id} onReport={() => openOutcome(page.bet)} />
            </>
          )}
          {page.bet.status === 'pending' && page.bet.challengeCode && page.bet.kind === 'pot' && (
            <Section title="Pot link">
              <LinkShare
                url={linkUrl('challenge', page.bet.challengeCode)}
                qrAlt="QR code of your pot's link"
                shareTitle={page.bet.title}
                shareText={`Join my pot: ${page.bet.title}. $${formatMoney(page.bet.amount)} each, whoever picks right splits it.`}
                copiedTitle="Pot link copied"
                copiedDescription="Send it to friends: they join with their pick."
                testId="pot-link"
              />
            </Section>
          )}
          {page.bet.status === 'pending' && page.bet.challengeCode && page.bet.kind !== 'pot' && (
            <Section title="Challenge link">
              <LinkShare
                url={linkUrl('challenge', page.bet.challengeCode)}
                qrAlt="QR code of your challenge link"
                shareTitle={page.bet.title}
                shareText={`I bet $${formatMoney(page.bet.amount)}: ${page.bet.title}. Take me on?`}
                copiedTitle="Challenge link copied"
                copiedDescription="Send it to someone: the first to accept it takes the bet."
                testId="challenge-link"
              />
            </Section>
          )}
          <RefereeSection page={page} viewerId={user.id} />
          <OffersSection bet={page.bet} viewerId={user.id} />
          <DisputeSection page={page} viewerId={user.id} />
          <Section title="Timeline">
            <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {page.timeline.map((event, index) => (
                <Box component="li" key={`${event.at}-${index}`}>
                  <Typography variant="body2">{event.text}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                  </Typography>
                </Box>
              ))}
            </Stack>
          </Section>
          <Section title="Money">
            {page.receipts.length === 0 ? (
              <Typography variant="body2">No money has moved for you on this bet.</Typography>
            ) : (
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {page.receipts.map((receipt) => (
                  <Stack
                    component="li"
                    key={receipt.id}
                    direction="row"
                    sx={{ justifyContent: 'space-between', gap: 1 }}
                  >
                    <Box>
                      <Typography variant="body2">
                        {receipt.label}
                        {page.viewerRole === 'admin' && ` · ${seatNameOf(page.bet, receipt.userId)}`}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {formatDateTime(receipt.createdAt)} · balance after $
                        {formatMoney(receipt.balanceAfter)}
                      </Typography>
                    </Box>
                    <Typography
                      sx={{
                        fontWeight: 700,
                        color: Number(receipt.amount) < 0 ? 'error.dark' : 'success.dark',
                      }}
                    >
                      {formatSignedMoney(receipt.amount)}
                    </Typography>
                  </Stack>
                ))}
              </Stack>
            )}
          </Section>
        </>
      )}
      {dialogs}
    </Stack>
  );
}
