import { Menu, MenuItem } from '@mui/material';
import { Link } from 'react-router';
import { useAppDispatch } from '../../store/hooks';
import { logout } from '../../session/logout';

/** The desktop account menu (Profile, Admin for admins, Logout); its own chunk, fetched after the shell. */
export function AccountMenu({
  anchorEl,
  isAdmin,
  onClose,
}: {
  anchorEl: HTMLElement | null;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  return (
    <Menu anchorEl={anchorEl} open={anchorEl !== null} onClose={onClose}>
      <MenuItem component={Link} to="/account" onClick={onClose}>
        Profile
      </MenuItem>
      {isAdmin && (
        <MenuItem component={Link} to="/admin" onClick={onClose}>
          Admin
        </MenuItem>
      )}
      <MenuItem onClick={() => logout(dispatch)}>Logout</MenuItem>
    </Menu>
  );
}
