import './plain.css';

export type ChipColor = 'default' | 'primary' | 'success' | 'error' | 'warning';

/** MUI's Chip as a label (not clickable), drawn with plain HTML and CSS (plain.css). */
export function Chip({
  label,
  color = 'default',
  variant = 'filled',
  size = 'medium',
  'aria-label': ariaLabel,
}: {
  label: string;
  color?: ChipColor;
  variant?: 'filled' | 'outlined';
  size?: 'small' | 'medium';
  'aria-label'?: string;
}) {
  const classes = ['chip'];
  if (size === 'small') classes.push('chip-small');
  if (variant === 'outlined') classes.push('chip-outlined');
  if (color !== 'default') classes.push(`chip-${color}`);
  return (
    <div className={classes.join(' ')} aria-label={ariaLabel}>
      <span className="chip-label">{label}</span>
    </div>
  );
}
