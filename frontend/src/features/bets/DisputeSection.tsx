import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { Formik } from 'formik';
import * as Yup from 'yup';
import { useFormMutation } from '../../components/form/use-form-mutation';
import { formatDateTime } from '../../lib/time';
import { parseEvidenceLinks } from './evidence-links';
import { seatNameOf } from './pot/pot-result';
import { NO_CLEAR_OUTCOME_RESULT, type BetPageData } from './types';
import { Section } from './BetPageSection';
import { useBetsControllerStatementMutation } from '../../api/enhanced-api';

const TOO_LONG = 'A statement can be at most 1000 characters';

/** docs/product.md §10 Disputes: one statement of up to 1000 characters, up to 3 https:// evidence links. */
export const statementSchema = Yup.object({
  text: Yup.string().trim().required('Write your statement').max(1000, TOO_LONG),
  links: Yup.string().test('links', '', (links, context) => {
    const parsed = parseEvidenceLinks(links ?? '');
    return !('error' in parsed) || context.createError({ message: parsed.error });
  }),
});

function StatementForm({
  betId,
  current,
  currentLinks,
}: {
  betId: number;
  current: string;
  currentLinks: string[];
}) {
  const [write] = useBetsControllerStatementMutation();
  const submit = useFormMutation();
  return (
    <Formik
      initialValues={{ text: current, links: currentLinks.join('\n') }}
      validationSchema={statementSchema}
      onSubmit={async (values, helpers) => {
        const parsed = parseEvidenceLinks(values.links);
        if ('error' in parsed) return;
        await submit(
          values,
          helpers,
          () =>
            write({
              id: betId,
              disputeStatementInputDto: { text: values.text, links: parsed.links },
            }).unwrap(),
          {
            success: { title: 'Statement saved', description: 'The admin will read it before deciding.' },
            failure: { title: 'Error', fallback: 'Failed to save your statement' },
          },
        );
      }}
    >
      {({ values, errors, isSubmitting, getFieldProps, submitForm }) => {
        // Said as the person types (not on leaving the field): the count, or what is wrong with the links.
        const tooLong = values.text.length > 1000;
        return (
          <Stack spacing={1}>
            <TextField
              label="Your statement for the admin"
              multiline
              minRows={3}
              {...getFieldProps('text')}
              error={tooLong}
              helperText={tooLong ? TOO_LONG : `${values.text.length}/1000`}
            />
            <TextField
              label="Evidence links (optional)"
              multiline
              minRows={1}
              {...getFieldProps('links')}
              error={!!errors.links}
              helperText={
                errors.links ?? 'Up to 3 https:// links (photos, videos, score pages), one per line'
              }
            />
            <Box>
              <Button
                variant="contained"
                disabled={isSubmitting || !statementSchema.isValidSync(values)}
                onClick={() => void submitForm()}
              >
                {current ? 'Update statement' : 'Add statement'}
              </Button>
            </Box>
          </Stack>
        );
      }}
    </Formik>
  );
}

/** A pot's decision names the outcome (the latest one is the bet's final result; earlier ones were replaced). */
function potDecisionText(finalResult: string | null): string {
  if (finalResult === null) return 'a different outcome';
  return finalResult === NO_CLEAR_OUTCOME_RESULT
    ? 'no clear outcome, every stake back'
    : `${finalResult} happened`;
}

export function DisputeSection({ page, viewerId }: { page: BetPageData; viewerId: string }) {
  const { bet, dispute } = page;
  if (!dispute) return null;
  const nameOf = (userId: string) => (userId === viewerId ? 'You' : seatNameOf(bet, userId));
  const isPot = bet.kind === 'pot';
  const mine = dispute.statements.find((statement) => statement.userId === viewerId);
  return (
    <Section title="Dispute">
      <Stack spacing={1.5}>
        <Typography variant="body2" color="text.secondary">
          Opened {formatDateTime(dispute.openedAt)} by {nameOf(dispute.reporterId).replace(/^You$/, 'you')}.
        </Typography>
        {/* Every decision with its own time and reason: a changed one does not hide the first. */}
        {dispute.decisions.map((decision, index) => (
          <Alert
            key={decision.at}
            severity="info"
            variant={index === dispute.decisions.length - 1 ? 'standard' : 'outlined'}
          >
            <strong>
              {decision.changed ? 'Decision changed' : 'Admin\u2019s decision'}
              {index < dispute.decisions.length - 1 && ' (replaced)'}
            </strong>{' '}
            ({formatDateTime(decision.at)}):{' '}
            {isPot
              ? potDecisionText(index === dispute.decisions.length - 1 ? bet.finalResult : null)
              : decision.winnerUserId === null
                ? 'a draw'
                : `in favor of ${nameOf(decision.winnerUserId).replace(/^You$/, 'you')}`}
            . {decision.reason ?? 'No reason was recorded.'}
          </Alert>
        ))}
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
