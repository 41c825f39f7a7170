import {
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
import { personHandle } from '../../lib/person-name';
import { formatDateTime } from '../../lib/time';
import { LoadMore, pagedList } from '../../components/LoadMore';
import { type AdminUserPage, type AdminUserRow, type AuditEntry, type AuditLogPage } from './admin-api';
import { auditActionName, truncateId } from './admin-names';
import {
  useAdminControllerAuditLogPagesInfiniteQuery,
  useAdminControllerUsersPagesInfiniteQuery,
} from '../../api/enhanced-api';

/**
 * The audit log: who did what to whom by name (from the users list; an id only for someone not in
 * it), filtered by action, with date and time, newest first, a page at a time; cards on phones, a table from
 * 600 px up.
 */
export function AuditTab() {
  const query = useAdminControllerAuditLogPagesInfiniteQuery();
  const { items: entries, loadMore } = pagedList<AuditEntry, AuditLogPage>(query);
  const { items: users } = pagedList<AdminUserRow, AdminUserPage>(
    useAdminControllerUsersPagesInfiniteQuery(),
  );
  const [action, setAction] = useState('');
  if (query.isLoading) return <Typography>Loading…</Typography>;
  if (entries.length === 0) return <Typography>No audit entries found</Typography>;
  const names = new Map(users.map((user) => [user.id, personHandle(user)]));
  const who = (id: string) => names.get(id) ?? truncateId(id);
  const target = (entry: AuditEntry) =>
    entry.targetType === 'user' ? who(entry.targetId) : `${entry.targetType} #${entry.targetId}`;
  const actionCodes = [...new Set(entries.map((entry) => entry.action))].sort((a, b) =>
    auditActionName(a).localeCompare(auditActionName(b)),
  );
  const shown = action ? entries.filter((entry) => entry.action === action) : entries;
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
        {actionCodes.map((code) => (
          <MenuItem key={code} value={code}>
            {auditActionName(code)}
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
              <Typography sx={{ fontWeight: 700 }}>{auditActionName(entry.action)}</Typography>
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
                <TableCell>{auditActionName(entry.action)}</TableCell>
                <TableCell title={`${entry.targetType}:${entry.targetId}`}>{target(entry)}</TableCell>
                <TableCell>{entry.reason ?? ''}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <LoadMore {...loadMore} label="Load older entries" endText="No older entries" />
    </Stack>
  );
}
