import {
  Alert,
  Box,
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
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { useToast } from '../../components/toast/use-toast';
import { formatMoney } from '../../lib/money';
import { formatDate, formatDateTime } from '../../lib/time';
import { useAuth } from '../auth/use-auth';
import type { Bet, BetParty } from '../bets/types';
import { ResolveDisputeDialog } from './ResolveDisputeDialog';
import {
  ADMIN_ANALYTICS_POLL_MS,
  useAdjustBalanceMutation,
  useAdminAnalyticsQuery,
  useAdminUsersQuery,
  useAuditLogQuery,
  useDeleteUserMutation,
  useDisputedBetsQuery,
  useEditResolutionMutation,
  useModerateMutation,
  useResolvedDisputesQuery,
  type AuditEntry,
  type ModerationAction,
} from './admin-api';
import { wrappingTabsSx } from '../../components/tabs-sx';

type AdminTab = 'users' | 'balance' | 'moderation' | 'disputes' | 'resolved' | 'audit';

/** docs/product.md §2: username, else email, else 'Unknown'. */
function partyName(party: BetParty | null | undefined): string {
  return party?.username || party?.email || 'Unknown';
}

/** The real name next to the username, for admins deciding between two people. */
function realName(party: BetParty | null | undefined): string {
  const name = [party?.firstName, party?.lastName].filter(Boolean).join(' ');
  return name ? ` (${name})` : '';
}

export function truncateId(id: string): string {
  return id.length > 20 ? `${id.slice(0, 20)}...` : id;
}

function Summary() {
  const { data, isLoading } = useAdminAnalyticsQuery(undefined, { pollingInterval: ADMIN_ANALYTICS_POLL_MS });
  const cards: [string, string][] = [
    ['Total Users', isLoading ? '...' : String(data?.totalUsers ?? 0)],
    ['Total Bets', isLoading ? '...' : String(data?.totalBets ?? 0)],
    ['Total Volume', isLoading ? '...' : `$${formatMoney(data?.totalVolume ?? '0')} USD`],
    ['Active Disputes', isLoading ? '...' : String(data?.activeDisputes ?? 0)],
  ];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
      {cards.map(([label, value]) => (
        <Card key={label}>
          <CardContent>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="h5" sx={{ fontWeight: 800 }}>
              {value}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

function UsersTab({ onAdjust }: { onAdjust: (user: string) => void }) {
  const { data, isLoading } = useAdminUsersQuery();
  const [remove] = useDeleteUserMutation();
  const run = useMutationToast();
  const del = async (id: string, name: string) => {
    if (!window.confirm(`Are you sure you want to delete user "${name}"? This action cannot be undone.`))
      return;
    await run(() => remove(id).unwrap(), {
      success: {
        title: 'User Deleted',
        description: 'User account has been successfully deleted',
        variant: 'default',
      },
      failure: { title: 'Error', fallback: 'Failed to delete user' },
    });
  };
  if (isLoading) return <Typography>Loading users…</Typography>;
  const users = (data ?? []).map((user) => ({
    user,
    name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username || user.email,
  }));
  const statusChips = (user: (typeof users)[number]['user']) => (
    <Stack direction="row" spacing={0.5}>
      {user.isAdmin && <Chip size="small" color="primary" label="Admin" />}
      <Chip
        size="small"
        label={user.profileCompleted ? 'Active' : 'Incomplete'}
        color={user.profileCompleted ? 'success' : 'default'}
      />
    </Stack>
  );
  const actions = (user: (typeof users)[number]['user'], name: string) => (
    <Stack direction="row" spacing={1}>
      <Button size="small" sx={{ minHeight: 44 }} onClick={() => onAdjust(user.username ?? user.id)}>
        Adjust Balance
      </Button>
      {!user.isAdmin && (
        <Button size="small" color="error" sx={{ minHeight: 44 }} onClick={() => void del(user.id, name)}>
          Delete
        </Button>
      )}
    </Stack>
  );
  return (
    <>
      {/* Phones: one card per user, everything readable without sideways scrolling. */}
      <Stack
        spacing={1.5}
        component="ul"
        aria-label="Users"
        sx={{ display: { xs: 'flex', sm: 'none' }, p: 0, m: 0, listStyle: 'none' }}
      >
        {users.map(({ user, name }) => (
          <Card component="li" key={user.id} sx={{ p: 2 }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
              <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{name}</Typography>
              <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                ${formatMoney(user.balance)}
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {user.username ? `@${user.username} · ` : ''}
              {user.email}
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              title={user.id}
              sx={{ fontFamily: 'monospace' }}
            >
              ID {truncateId(user.id)}
            </Typography>
            <Stack
              direction="row"
              sx={{ justifyContent: 'space-between', alignItems: 'center', mt: 1, flexWrap: 'wrap', gap: 1 }}
            >
              {statusChips(user)}
              {actions(user, name)}
            </Stack>
          </Card>
        ))}
      </Stack>
      <TableContainer
        component={Card}
        sx={{ display: { xs: 'none', sm: 'block' } }}
        tabIndex={0}
        aria-label="Users table"
      >
        <Table size="small" aria-label="Users">
          <TableHead>
            <TableRow>
              <TableCell>User ID</TableCell>
              <TableCell>Username</TableCell>
              <TableCell>Email</TableCell>
              <TableCell>Name</TableCell>
              <TableCell>Balance</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {users.map(({ user, name }) => (
              <TableRow key={user.id}>
                <TableCell title={user.id} sx={{ fontFamily: 'monospace' }}>
                  {truncateId(user.id)}
                </TableCell>
                <TableCell>{user.username ?? 'N/A'}</TableCell>
                <TableCell>{user.email}</TableCell>
                <TableCell>{name}</TableCell>
                <TableCell>${formatMoney(user.balance)}</TableCell>
                <TableCell>{statusChips(user)}</TableCell>
                <TableCell>{actions(user, name)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

function BalanceTab({ prefill }: { prefill: string }) {
  const [form, setForm] = useState({
    userId: prefill,
    amount: '',
    type: 'deposit' as 'deposit' | 'withdrawal',
    reason: '',
  });
  const [adjust, { isLoading }] = useAdjustBalanceMutation();
  const [error, setError] = useState<string | null>(null);
  const run = useMutationToast();
  const submit = async () => {
    if (!form.userId.trim() || !form.amount || !form.reason.trim())
      return setError('Please fill in all required fields');
    if (!(Number(form.amount) > 0)) return setError('Amount must be a positive number');
    setError(null);
    const done = await run(
      () =>
        adjust({
          userId: form.userId.trim(),
          amount: form.amount,
          reason: form.reason.trim(),
          type: form.type,
        }).unwrap(),
      {
        success: {
          title: 'Balance Adjusted',
          description: 'User balance has been successfully adjusted',
          variant: 'default',
        },
        failure: { title: 'Error', fallback: 'Failed to adjust balance' },
      },
    );
    if (done.ok) setForm({ userId: '', amount: '', type: 'deposit', reason: '' });
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          Balance Adjustment
        </Typography>
        <Stack spacing={2} sx={{ maxWidth: 480 }}>
          <TextField
            label="User ID or Username"
            value={form.userId}
            onChange={(event) => setForm({ ...form, userId: event.target.value })}
          />
          <TextField
            label="Amount"
            type="number"
            slotProps={{ htmlInput: { step: 0.01, min: 0.01 } }}
            value={form.amount}
            onChange={(event) => setForm({ ...form, amount: event.target.value })}
          />
          <TextField
            select
            label="Type"
            value={form.type}
            onChange={(event) => setForm({ ...form, type: event.target.value as 'deposit' | 'withdrawal' })}
          >
            <MenuItem value="deposit">Deposit</MenuItem>
            <MenuItem value="withdrawal">Withdrawal</MenuItem>
          </TextField>
          <TextField
            label="Reason"
            multiline
            minRows={2}
            value={form.reason}
            onChange={(event) => setForm({ ...form, reason: event.target.value })}
          />
          {error && <Alert severity="error">{error}</Alert>}
          <Button variant="contained" disabled={isLoading} onClick={() => void submit()}>
            {isLoading ? 'Processing...' : 'Apply Adjustment'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

type ModerationKind = ModerationAction['action'];
const MODERATION_KINDS: { value: ModerationKind; label: string }[] = [
  { value: 'warn', label: 'Warn' },
  { value: 'suspend', label: 'Suspend' },
  { value: 'unsuspend', label: 'Unsuspend' },
  { value: 'ban', label: 'Ban' },
  { value: 'unban', label: 'Unban' },
];
const isModerationKind = (value: string): value is ModerationKind =>
  MODERATION_KINDS.some((kind) => kind.value === value);

function ModerationTab() {
  const [form, setForm] = useState<{
    userId: string;
    action: ModerationKind | '';
    duration: string;
    reason: string;
  }>({ userId: '', action: '', duration: '', reason: '' });
  const [moderate, { isLoading }] = useModerateMutation();
  const [error, setError] = useState<string | null>(null);
  const run = useMutationToast();
  const submit = async () => {
    const { action } = form;
    if (!form.userId.trim() || !action || !form.reason.trim())
      return setError('Please fill in all required fields');
    setError(null);
    const days = Number.parseInt(form.duration, 10);
    const done = await run(
      () =>
        moderate({
          userId: form.userId.trim(),
          action,
          reason: form.reason.trim(),
          ...(Number.isInteger(days) && days > 0 ? { duration: days } : {}),
        }).unwrap(),
      {
        success: {
          title: 'Moderation Action Applied',
          description: 'User moderation action has been successfully applied',
          variant: 'default',
        },
        failure: { title: 'Error', fallback: 'Failed to apply moderation action' },
      },
    );
    if (done.ok) setForm({ userId: '', action: '', duration: '', reason: '' });
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          User Moderation
        </Typography>
        <Stack spacing={2} sx={{ maxWidth: 480 }}>
          <TextField
            label="User ID"
            value={form.userId}
            onChange={(event) => setForm({ ...form, userId: event.target.value })}
          />
          <TextField
            select
            label="Action"
            value={form.action}
            onChange={(event) =>
              setForm({ ...form, action: isModerationKind(event.target.value) ? event.target.value : '' })
            }
          >
            {MODERATION_KINDS.map((kind) => (
              <MenuItem key={kind.value} value={kind.value}>
                {kind.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Duration (days, optional)"
            type="number"
            value={form.duration}
            onChange={(event) => setForm({ ...form, duration: event.target.value })}
          />
          <TextField
            label="Reason"
            multiline
            minRows={2}
            value={form.reason}
            onChange={(event) => setForm({ ...form, reason: event.target.value })}
          />
          {error && <Alert severity="error">{error}</Alert>}
          <Button variant="contained" disabled={isLoading} onClick={() => void submit()}>
            {isLoading ? 'Processing...' : 'Apply Action'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function DisputeDetails({ bet }: { bet: Bet }) {
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2" color="text.secondary">
        Bet #{bet.id}
      </Typography>
      <Typography sx={{ fontWeight: 700 }}>{bet.title}</Typography>
      {bet.description && <Typography variant="body2">{bet.description}</Typography>}
      <Typography variant="body2">
        Creator: <strong>{partyName(bet.creator)}</strong>
        {realName(bet.creator)} — pick {bet.creatorPick ?? '—'}, submitted{' '}
        {bet.creatorResult ?? 'Not submitted'}
      </Typography>
      <Typography variant="body2">
        Opponent: <strong>{partyName(bet.opponent)}</strong>
        {realName(bet.opponent)} — pick {bet.opponentPick ?? '—'}, submitted{' '}
        {bet.opponentResult ?? 'Not submitted'}
      </Typography>
      <Typography variant="body2">
        Amount: ${formatMoney(bet.amount)} · Created {formatDate(bet.createdAt)} · Disputed{' '}
        {formatDate(bet.resolutionDate)}
      </Typography>
    </Stack>
  );
}

function DisputesTab() {
  const { data, isLoading } = useDisputedBetsQuery();
  const [deciding, setDeciding] = useState<{ bet: Bet; winner: string } | null>(null);
  if (isLoading) return <Typography>Loading disputes…</Typography>;
  if (!data || data.length === 0)
    return <Alert severity="success">No Active Disputes - All bets are currently resolved.</Alert>;
  return (
    <Stack spacing={2}>
      <Typography variant="h6">Dispute Management</Typography>
      {data.map((bet) => (
        <Card key={bet.id} data-testid={`dispute-${bet.id}`}>
          <CardContent>
            <Chip color="warning" label="Disputed" size="small" sx={{ mb: 1 }} />
            <DisputeDetails bet={bet} />
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}
            >
              {[bet.creator, bet.opponent].map((party) =>
                party ? (
                  <Button
                    key={party.id}
                    variant="contained"
                    onClick={() => setDeciding({ bet, winner: party.id })}
                  >
                    {bet.winnerUserId === party.id ? '✓ Resolved for' : 'Resolve for'} {partyName(party)}
                  </Button>
                ) : null,
              )}
              <Button variant="outlined" onClick={() => setDeciding({ bet, winner: 'draw' })}>
                Resolve as a draw
              </Button>
              <Button component={Link} to={`/bets/${bet.id}`}>
                Statements and timeline
              </Button>
            </Stack>
          </CardContent>
        </Card>
      ))}
      {deciding && (
        <ResolveDisputeDialog
          bet={deciding.bet}
          initialWinner={deciding.winner}
          nameOf={partyName}
          onClose={() => setDeciding(null)}
        />
      )}
    </Stack>
  );
}

function EditResolutionDialog({ bet, onClose }: { bet: Bet; onClose: () => void }) {
  const [winnerId, setWinnerId] = useState('');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [edit, { isLoading }] = useEditResolutionMutation();
  const run = useMutationToast();
  const parties = [bet.creator, bet.opponent].filter((party): party is BetParty => party !== null);
  const submit = async () => {
    if (!winnerId || !reason.trim()) return setMissing(true);
    const winner = parties.find((party) => party.id === winnerId);
    if (!window.confirm(`Are you sure you want to change the resolution in favor of ${partyName(winner)}?`))
      return;
    const done = await run(() => edit({ betId: bet.id, winnerId, reason: reason.trim() }).unwrap(), {
      success: {
        title: 'Resolution Updated',
        description: 'The dispute resolution has been successfully updated',
        variant: 'default',
      },
      failure: { title: 'Error', fallback: 'Failed to update resolution' },
    });
    if (done.ok) onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Edit Resolution</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            This change is logged in the audit trail.
          </Typography>
          {missing && (
            <Alert severity="error" title="Missing Information">
              <strong>Missing Information</strong> — Please select a winner and provide a reason for the
              change
            </Alert>
          )}
          <TextField
            select
            label="Winner"
            value={winnerId}
            onChange={(event) => setWinnerId(event.target.value)}
          >
            {parties.map((party) => (
              <MenuItem key={party.id} value={party.id}>
                {partyName(party)} (picked {party.id === bet.creatorId ? bet.creatorPick : bet.opponentPick})
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Reason for Change"
            multiline
            minRows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={isLoading} onClick={() => void submit()}>
          {isLoading ? 'Updating...' : 'Update Resolution'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ResolvedTab() {
  const { data, isLoading } = useResolvedDisputesQuery();
  const [editing, setEditing] = useState<Bet | null>(null);
  if (isLoading) return <Typography>Loading…</Typography>;
  if (!data || data.length === 0)
    return <Alert severity="info">No Resolved Disputes - Resolved disputes will appear here.</Alert>;
  return (
    <Stack spacing={2}>
      <Typography variant="h6">Resolved Disputes</Typography>
      {data.map((bet) => (
        <Card key={bet.id} data-testid={`resolved-${bet.id}`}>
          <CardContent>
            <Chip color="success" label="Resolved" size="small" sx={{ mb: 1 }} />
            <DisputeDetails bet={bet} />
            <Typography sx={{ mt: 1 }}>
              Winner: <strong>{bet.winner ? partyName(bet.winner) : 'Draw'}</strong>
            </Typography>
            <Button sx={{ mt: 1 }} variant="outlined" onClick={() => setEditing(bet)}>
              Edit Resolution
            </Button>
          </CardContent>
        </Card>
      ))}
      {editing && <EditResolutionDialog bet={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

/** Audit entries per page. */
export const AUDIT_PAGE_SIZE = 25;

/**
 * The audit log (issue #15): who did what to whom by name (from the users list; an id only for someone not in
 * it), filtered by action, with date and time, a page at a time; cards on phones, a table from 600 px up.
 */
function AuditTab() {
  const [offset, setOffset] = useState(0);
  const { data, isLoading, isFetching } = useAuditLogQuery({ limit: AUDIT_PAGE_SIZE, offset });
  const users = useAdminUsersQuery();
  const [action, setAction] = useState('');
  if (isLoading) return <Typography>Loading…</Typography>;
  if (offset === 0 && (!data || data.length === 0)) return <Typography>No audit entries found</Typography>;
  const names = new Map(
    (users.data ?? []).map((user) => [user.id, user.username ? `@${user.username}` : user.email]),
  );
  const who = (id: string) => names.get(id) ?? truncateId(id);
  const target = (entry: AuditEntry) =>
    entry.targetType === 'user' ? who(entry.targetId) : `${entry.targetType} #${entry.targetId}`;
  const entries = data ?? [];
  const actionNames = [...new Set(entries.map((entry) => entry.action))].sort();
  const shown = action ? entries.filter((entry) => entry.action === action) : entries;
  const page = offset / AUDIT_PAGE_SIZE + 1;
  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Action"
        value={action}
        onChange={(event) => setAction(event.target.value)}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ maxWidth: 320 }}
      >
        <MenuItem value="">All actions</MenuItem>
        {actionNames.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <Stack
        spacing={1.5}
        component="ul"
        aria-label="Audit log"
        sx={{ display: { xs: 'flex', sm: 'none' }, p: 0, m: 0, listStyle: 'none' }}
      >
        {shown.map((entry) => (
          <Card component="li" key={entry.id} data-testid="audit-entry" sx={{ p: 2 }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 700 }}>{entry.action}</Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(entry.createdAt)}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {who(entry.adminId)} → {target(entry)}
            </Typography>
            {entry.reason && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {entry.reason}
              </Typography>
            )}
          </Card>
        ))}
      </Stack>
      <TableContainer
        component={Card}
        tabIndex={0}
        aria-label="Audit log, scrollable"
        sx={{ display: { xs: 'none', sm: 'block' } }}
      >
        <Table size="small" aria-label="Audit log">
          <TableHead>
            <TableRow>
              <TableCell>Admin</TableCell>
              <TableCell>Action</TableCell>
              <TableCell>Target</TableCell>
              <TableCell>Reason</TableCell>
              <TableCell>Date</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((entry) => (
              <TableRow key={entry.id} data-testid="audit-entry">
                <TableCell title={entry.adminId}>{who(entry.adminId)}</TableCell>
                <TableCell>{entry.action}</TableCell>
                <TableCell title={`${entry.targetType}:${entry.targetId}`}>{target(entry)}</TableCell>
                <TableCell>{entry.reason ?? ''}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Button
          disabled={offset === 0 || isFetching}
          onClick={() => setOffset(Math.max(0, offset - AUDIT_PAGE_SIZE))}
        >
          Newer
        </Button>
        <Typography variant="body2" color="text.secondary">
          Page {page}
        </Typography>
        <Button
          disabled={entries.length < AUDIT_PAGE_SIZE || isFetching}
          onClick={() => setOffset(offset + AUDIT_PAGE_SIZE)}
        >
          Older
        </Button>
      </Stack>
    </Stack>
  );
}

/** docs/product.md §2 /admin. The server refuses non-admins; the client sends them home with a message. */
export default function AdminPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [tab, setTab] = useState<AdminTab>('users');
  const [prefill, setPrefill] = useState('');
  const isAdmin = user?.isAdmin === true;
  useEffect(() => {
    if (user && !isAdmin) {
      toast({
        title: 'Admins only',
        description: 'You need administrator access to open the Admin Dashboard.',
        variant: 'destructive',
      });
      void navigate('/', { replace: true });
    }
  }, [user, isAdmin, navigate, toast]);
  if (!isAdmin) return null;
  return (
    <Stack spacing={3}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography variant="h4" component="h1">
          Admin Dashboard
        </Typography>
        <Button component={Link} to="/">
          Back to Home
        </Button>
      </Stack>
      <Summary />
      <Tabs
        value={tab}
        onChange={(_event, value: AdminTab) => setTab(value)}
        aria-label="Admin sections"
        sx={wrappingTabsSx}
      >
        <Tab label="Users" value="users" />
        <Tab label="Balance" value="balance" />
        <Tab label="Moderation" value="moderation" />
        <Tab label="Disputes" value="disputes" />
        <Tab label="Resolved" value="resolved" />
        <Tab label="Audit Log" value="audit" />
      </Tabs>
      {tab === 'users' && (
        <UsersTab
          onAdjust={(who) => {
            setPrefill(who);
            setTab('balance');
          }}
        />
      )}
      {tab === 'balance' && <BalanceTab key={prefill} prefill={prefill} />}
      {tab === 'moderation' && <ModerationTab />}
      {tab === 'disputes' && <DisputesTab />}
      {tab === 'resolved' && <ResolvedTab />}
      {tab === 'audit' && <AuditTab />}
    </Stack>
  );
}
