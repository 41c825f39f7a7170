import './plain.css';

/**
 * The few Material icons the signed-in first screen draws, as plain SVG with @mui/icons-material's paths:
 * the package's icons are built on MUI's SvgIcon, which comes with MUI's core. Decorative, as
 * MUI's are: the control around each carries the name.
 */
function Icon({ paths }: { paths: string[] }) {
  return (
    <svg className="icon" focusable="false" aria-hidden="true" viewBox="0 0 24 24">
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

// @mui/icons-material's paths.
const ADD = 'M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z';
const HOME = 'M10 20v-6h4v6h5v-8h3L12 3 2 12h3v8z';
const GROUP =
  'M16 11c1.66 0 2.99-1.34 2.99-3S17.66 5 16 5s-3 1.34-3 3 1.34 3 3 3m-8 0c1.66 0 2.99-1.34 2.99-3S9.66 5 8 5 5 6.34 5 8s1.34 3 3 3m0 2c-2.33 0-7 1.17-7 3.5V19h14v-2.5c0-2.33-4.67-3.5-7-3.5m8 0c-.29 0-.62.02-.97.05 1.16.84 1.97 1.97 1.97 3.45V19h6v-2.5c0-2.33-4.67-3.5-7-3.5';
const WORKSPACES =
  'M6 13c-2.2 0-4 1.8-4 4s1.8 4 4 4 4-1.8 4-4-1.8-4-4-4m6-10C9.8 3 8 4.8 8 7s1.8 4 4 4 4-1.8 4-4-1.8-4-4-4m6 10c-2.2 0-4 1.8-4 4s1.8 4 4 4 4-1.8 4-4-1.8-4-4-4';
const WALLET =
  'M21 18v1c0 1.1-.9 2-2 2H5c-1.11 0-2-.9-2-2V5c0-1.1.89-2 2-2h14c1.1 0 2 .9 2 2v1h-9c-1.11 0-2 .9-2 2v8c0 1.1.89 2 2 2zm-9-2h10V8H12zm4-2.5c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5';
const ACCOUNT_CIRCLE =
  'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 4c1.93 0 3.5 1.57 3.5 3.5S13.93 13 12 13s-3.5-1.57-3.5-3.5S10.07 6 12 6m0 14c-2.03 0-4.43-.82-6.14-2.88C7.55 15.8 9.68 15 12 15s4.45.8 6.14 2.12C16.43 19.18 14.03 20 12 20';
const ADMIN = [
  'M17 11c.34 0 .67.04 1 .09V6.27L10.5 3 3 6.27v4.91c0 4.54 3.2 8.79 7.5 9.82.55-.13 1.08-.32 1.6-.55-.69-.98-1.1-2.17-1.1-3.45 0-3.31 2.69-6 6-6',
  'M17 13c-2.21 0-4 1.79-4 4s1.79 4 4 4 4-1.79 4-4-1.79-4-4-4m0 1.38c.62 0 1.12.51 1.12 1.12s-.51 1.12-1.12 1.12-1.12-.51-1.12-1.12.5-1.12 1.12-1.12m0 5.37c-.93 0-1.74-.46-2.24-1.17.05-.72 1.51-1.08 2.24-1.08s2.19.36 2.24 1.08c-.5.71-1.31 1.17-2.24 1.17',
];
const NOTIFICATIONS =
  'M12 22c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2m6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1z';

export const AddIcon = () => <Icon paths={[ADD]} />;
export const HomeIcon = () => <Icon paths={[HOME]} />;
export const GroupIcon = () => <Icon paths={[GROUP]} />;
export const CirclesIcon = () => <Icon paths={[WORKSPACES]} />;
export const WalletIcon = () => <Icon paths={[WALLET]} />;
export const AccountCircleIcon = () => <Icon paths={[ACCOUNT_CIRCLE]} />;
export const AdminIcon = () => <Icon paths={ADMIN} />;
export const NotificationsIcon = () => <Icon paths={[NOTIFICATIONS]} />;
