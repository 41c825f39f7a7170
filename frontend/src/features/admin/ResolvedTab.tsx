import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Form, Formik } from 'formik';
import * as Yup from 'yup';
import { FormErrorAlert } from '../../components/form/FormErrorAlert';
import { FormikTextField } from '../../components/form/FormikTextField';
import { LoadMore, pagedList } from '../../components/LoadMore';
import { useFormMutation } from '../../components/form/use-form-mutation';
import type { Bet, BetParty, DisputeList } from './admin-api';
import { reasonRule } from './AdminUserForm';
import { partyName } from './admin-names';
import { DisputeDetails } from './DisputesTab';
import { outcomeInWords, PotDecisionDialog } from './PotDecisionDialog';
import {
  useAdminControllerResolvedPagesInfiniteQuery,
  useBetsControllerEditResolutionMutation,
} from '../../api/enhanced-api';

/** docs/product.md §5 Edit resolution: a winner and a reason, or one 'Missing Information' message. */
const MISSING = 'Please select a winner and provide a reason for the change';
export const editResolutionSchema = Yup.object({
  winnerId: Yup.string().required(MISSING),
  reason: reasonRule(MISSING),
});

function EditResolutionDialog({ bet, onClose }: { bet: Bet; onClose: () => void }) {
  const [edit] = useBetsControllerEditResolutionMutation();
  const submit = useFormMutation();
  const parties = [bet.creator, bet.opponent].filter((party): party is BetParty => party !== null);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Edit Resolution</DialogTitle>
      <Formik
        initialValues={{ winnerId: '', reason: '' }}
        validationSchema={editResolutionSchema}
        onSubmit={async (values, helpers) => {
          const winner = parties.find((party) => party.id === values.winnerId);
          if (
            !window.confirm(
              `Are you sure you want to change the resolution in favor of ${partyName(winner)}?`,
            )
          )
            return;
          const done = await submit(
            values,
            helpers,
            () =>
              edit({
                id: bet.id,
                editResolutionDto: { winnerId: values.winnerId, reason: values.reason.trim() },
              }).unwrap(),
            {
              success: {
                title: 'Resolution Updated',
                description: 'The dispute resolution has been successfully updated',
                variant: 'default',
              },
              failure: { title: 'Error', fallback: 'Failed to update resolution' },
            },
          );
          if (done.ok) onClose();
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <DialogContent>
              <Stack spacing={2}>
                <Typography variant="body2" color="text.secondary">
                  This change is logged in the audit trail.
                </Typography>
                <FormErrorAlert messages={[MISSING]} title="Missing Information">
                  <strong>Missing Information</strong> —{' '}
                </FormErrorAlert>
                <FormikTextField name="winnerId" select label="Winner" summarised={[MISSING]}>
                  {parties.map((party) => (
                    <MenuItem key={party.id} value={party.id}>
                      {partyName(party)} (picked{' '}
                      {party.id === bet.creatorId ? bet.creatorPick : bet.opponentPick})
                    </MenuItem>
                  ))}
                </FormikTextField>
                <FormikTextField
                  name="reason"
                  label="Reason for Change"
                  multiline
                  minRows={3}
                  summarised={[MISSING]}
                />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>Cancel</Button>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? 'Updating...' : 'Update Resolution'}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}

export function ResolvedTab() {
  const query = useAdminControllerResolvedPagesInfiniteQuery();
  const { items, loadMore } = pagedList<Bet, DisputeList>(query);
  const [editing, setEditing] = useState<Bet | null>(null);
  if (query.isLoading) return <Typography>Loading…</Typography>;
  if (items.length === 0)
    return <Alert severity="info">No Resolved Disputes - Resolved disputes will appear here.</Alert>;
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        Resolved Disputes
      </Typography>
      {items.map((bet) => (
        <Card key={bet.id} data-testid={`resolved-${bet.id}`}>
          <CardContent>
            <Chip color="success" label="Resolved" size="small" sx={{ mb: 1 }} />
            <DisputeDetails bet={bet} />
            {bet.kind === 'pot' ? (
              <Typography sx={{ mt: 1 }}>
                Decided: <strong>{outcomeInWords(bet.finalResult)}</strong>
              </Typography>
            ) : (
              <Typography sx={{ mt: 1 }}>
                Winner: <strong>{bet.winner ? partyName(bet.winner) : 'Draw'}</strong>
              </Typography>
            )}
            <Button sx={{ mt: 1 }} variant="outlined" onClick={() => setEditing(bet)}>
              Edit Resolution
            </Button>
          </CardContent>
        </Card>
      ))}
      <LoadMore {...loadMore} label="Load more resolved disputes" endText="No more resolved disputes" />
      {editing &&
        (editing.kind === 'pot' ? (
          <PotDecisionDialog bet={editing} mode="edit" onClose={() => setEditing(null)} />
        ) : (
          <EditResolutionDialog bet={editing} onClose={() => setEditing(null)} />
        ))}
    </Stack>
  );
}
