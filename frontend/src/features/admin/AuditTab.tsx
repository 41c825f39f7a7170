import {
  Button,
  Card,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { formatDateTime } from '../../lib/time';
import { useAdminUsersQuery, useAuditLogQuery, type AuditEntry } from './admin-api';
import { truncateId } from './admin-names';
import { AUDIT_PAGE_SIZE } from './ResolvedTab';

export function AuditTab() {
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
