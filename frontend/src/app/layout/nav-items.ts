export interface NavItem {
  label: string;
  path: string;
  adminOnly?: boolean;
}

export const DESKTOP_NAV: NavItem[] = [
  { label: 'Dashboard', path: '/' },
  { label: 'Friends', path: '/friends' },
  { label: 'Circles', path: '/circles' },
  { label: 'Wallet', path: '/history' },
  { label: 'Account', path: '/account' },
  { label: 'Admin', path: '/admin', adminOnly: true },
];
