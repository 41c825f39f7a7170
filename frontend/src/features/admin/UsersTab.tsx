import {
  Button,
  Card,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutationToast } from '../../components/toast/use-mutation-toast';
import { formatMoney } from '../../lib/money';
import { LoadMore, pagedList } from '../../components/LoadMore';
import { type AdminUserPage, type AdminUserRow } from './admin-api';
import { truncateId } from './admin-names';
import {
  useAdminControllerDeleteUserMutation,
  useAdminControllerUsersPagesInfiniteQuery,
} from '../../api/enhanced-api';

export function UsersTab({ onAdjust }: { onAdjust: (user: string) => void }) {
  const query = useAdminControllerUsersPagesInfiniteQuery();
  const { items, loadMore } = pagedList<AdminUserRow, AdminUserPage>(query);
  const [remove] = useAdminControllerDeleteUserMutation();
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
  if (query.isLoading) return <Typography>Loading users…</Typography>;
  const users = items.map((user) => ({
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
      <LoadMore {...loadMore} label="Load more users" endText="No more users" />
    </>
  );
}
