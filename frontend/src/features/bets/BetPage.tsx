import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Divider,
  Link,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { LinkShare } from '../../components/LinkShare';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { isApiError, serverMessage } from '../../lib/errors';
import { formatMoney, formatSignedMoney } from '../../lib/money';
import { linkUrl } from '../../lib/pending-link';
import { formatDateTime } from '../../lib/time';
import { useAuth } from '../auth/use-auth';
import { useUnauthorizedRedirect } from '../auth/use-unauthorized';
import NotFoundPage from '../not-found/NotFoundPage';
import { openBetAcceptance, openBetResult } from './bet-dialog-events';
import { parseEvidenceLinks } from './evidence-links';
import { resultOf, sides } from './bet-result';
import { reportText, stateInWords } from './bet-state-text';
import { useBetPageQuery, useCancelBetMutation, useWriteStatementMutation } from './bets-api';
import { displayName, otherSideName, type Bet, type BetPageData, type BetReceipt } from './types';
import { useBetDialogs, useDenyChallenge } from './use-bet-dialogs';

const RECEIPT_LABEL: Record<BetReceipt['type'], string> = {
  bet_stake: 'Stake into escrow',
  bet_refund: 'Stake refunded',
  bet_payout: 'Payout',
  payout_reversal: 'Payout reversed',
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `bet-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The actions the bet's state allows the viewer, through the product's dialogs. */
function BetActions({ bet, viewerId, onReport }: { bet: Bet; viewerId: string; onReport: () => void }) {
  const { deny, isDenying } = useDenyChallenge();
  const [cancel, cancelling] = useCancelBetMutation();
  const run = useMutationToast();
  const isParty = bet.creatorId === viewerId || bet.opponentId === viewerId;
  if (!isParty) return null;

  const withdraw = async () => {
    if (!window.confirm(`Withdraw "${bet.title}"? Your $${formatMoney(bet.amount)} stake comes back.`))
      return;
    await run(() => cancel(bet.id).unwrap(), {
      success: {
        title: 'Challenge withdrawn',
        description: `$${formatMoney(bet.amount)} is back in your wallet.`,
        variant: 'default',
      },
      failure: { title: 'Error', fallback: 'Failed to withdraw the challenge' },
    });
  };

  if (bet.status === 'pending' && bet.opponentId === viewerId) {
    return (
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" onClick={() => openBetAcceptance(bet)}>
          Accept Challenge
        </Button>
        <Button color="error" disabled={isDenying} onClick={() => void deny(bet)}>
          Deny
        </Button>
      </Stack>
    );
  }
  if (bet.status === 'pending') {
    return (
      <Button
        color="error"
        variant="outlined"
        disabled={cancelling.isLoading}
        onClick={() => void withdraw()}
      >
        Withdraw challenge
      </Button>
    );
  }
  if (bet.status === 'active') {
    return (
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" onClick={onReport}>
          Submit Outcome
        </Button>
        <Button variant="outlined" onClick={() => openBetResult(bet)}>
          Report by outcome
        </Button>
      </Stack>
    );
  }
  return null;
}

function StatementForm({
  betId,
  current,
  currentLinks,
}: {
  betId: number;
  current: string;
  currentLinks: string[];
}) {
  const [text, setText] = useState(current);
  const [linksText, setLinksText] = useState(currentLinks.join('\n'));
  const [write, { isLoading }] = useWriteStatementMutation();
  const run = useMutationToast();
  const tooLong = text.length > 1000;
  const parsed = parseEvidenceLinks(linksText);
  const linkError = 'error' in parsed ? parsed.error : null;
  const save = async () => {
    if ('error' in parsed) return;
    await run(() => write({ id: betId, text, links: parsed.links }).unwrap(), {
      success: { title: 'Statement saved', description: 'The admin will read it before deciding.' },
      failure: { title: 'Error', fallback: 'Failed to save your statement' },
    });
  };
  return (
    <Stack spacing={1}>
      <TextField
        label="Your statement for the admin"
        multiline
        minRows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={tooLong}
        helperText={tooLong ? 'A statement can be at most 1000 characters' : `${text.length}/1000`}
      />
      <TextField
        label="Evidence links (optional)"
        multiline
        minRows={1}
        value={linksText}
        onChange={(event) => setLinksText(event.target.value)}
        error={!!linkError}
        helperText={linkError ?? 'Up to 3 https:// links (photos, videos, score pages), one per line'}
      />
      <Box>
        <Button
          variant="contained"
          disabled={isLoading || tooLong || !text.trim() || !!linkError}
          onClick={() => void save()}
        >
          {current ? 'Update statement' : 'Add statement'}
        </Button>
      </Box>
    </Stack>
  );
}

function DisputeSection({ page, viewerId }: { page: BetPageData; viewerId: string }) {
  const { bet, dispute } = page;
  if (!dispute) return null;
  const nameOf = (userId: string) =>
    userId === viewerId ? 'You' : displayName(userId === bet.creatorId ? bet.creator : bet.opponent);
  const mine = dispute.statements.find((statement) => statement.userId === viewerId);
  return (
    <Section title="Dispute">
      <Stack spacing={1.5}>
        <Typography variant="body2" color="text.secondary">
          Opened {formatDateTime(dispute.openedAt)} by {nameOf(dispute.reporterId).replace(/^You$/, 'you')}.
        </Typography>
        {dispute.status === 'resolved' && (
          <Alert severity="info">
            <strong>Admin&apos;s decision</strong> ({formatDateTime(dispute.decidedAt)}):{' '}
            {dispute.decisionReason ?? 'No reason was recorded.'}
          </Alert>
        )}
        {dispute.statements.length === 0 ? (
          <Typography variant="body2">No statements yet.</Typography>
        ) : (
          dispute.statements.map((statement) => (
            <Box key={statement.userId} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {nameOf(statement.userId)} said
              </Typography>
              {/* Plain text: React escapes it, and line breaks are kept. */}
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {statement.text}
              </Typography>
              {statement.links.length > 0 && (
                <Box component="ul" aria-label="Evidence links" sx={{ m: 0, pl: 2.5 }}>
                  {statement.links.map((link) => (
                    <li key={link}>
                      <Link
                        href={link}
                        target="_blank"
                        rel="noopener noreferrer nofollow"
                        variant="body2"
                        sx={{ overflowWrap: 'anywhere', display: 'inline-block', minHeight: 44, py: 1.25 }}
                      >
                        {link}
                      </Link>
                    </li>
                  ))}
                </Box>
              )}
            </Box>
          ))
        )}
        {page.disputeHistory.map((history) => (
          <Typography key={history.userId} variant="body2" color="text.secondary">
            {nameOf(history.userId)}: {history.disputes} dispute{history.disputes === 1 ? '' : 's'} so far (
            {history.won} won, {history.lost} lost, {history.drawn} drawn)
          </Typography>
        ))}
        {bet.status === 'disputed' && page.viewerRole !== 'admin' && (
          <StatementForm
            key={mine?.updatedAt ?? 'new'}
            betId={bet.id}
            current={mine?.text ?? ''}
            currentLinks={mine?.links ?? []}
          />
        )}
      </Stack>
    </Section>
  );
}

function BetDetails({ page, viewerId }: { page: BetPageData; viewerId: string }) {
  const { bet } = page;
  const result = resultOf(bet, viewerId);
  const isAdminView = page.viewerRole === 'admin';
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
            ${formatMoney(bet.amount)} each
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
                  {bet.status !== 'pending' && `; reported ${reportText(person.report)}`}
                </Typography>
              </Box>
            ))}
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
  const query = useBetPageQuery(betId ?? skipToken);
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
          <BetDetails page={page} viewerId={user.id} />
          <BetActions bet={page.bet} viewerId={user.id} onReport={() => openOutcome(page.bet)} />
          {page.bet.status === 'pending' && page.bet.challengeCode && (
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
                        {RECEIPT_LABEL[receipt.type]}
                        {page.viewerRole === 'admin' &&
                          ` · ${displayName(receipt.userId === page.bet.creatorId ? page.bet.creator : page.bet.opponent)}`}
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
