import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'react-router';
import { ButtonLabel, buttonClasses, type ButtonLook } from './plain/Button';

/**
 * The plain Button's look on a router link (MUI's `<Button component={Link}>`). Not in components/plain: that
 * folder's chunk would take React Router with it, and the landing page loads React Router from the entry.
 */
export function ButtonLink({
  variant,
  color,
  startIcon,
  className,
  children,
  to,
  ...props
}: ButtonLook & { to: string } & Omit<
    AnchorHTMLAttributes<HTMLAnchorElement>,
    'color' | 'className' | 'href'
  >) {
  return (
    <Link to={to} className={buttonClasses({ variant, color, className })} {...props}>
      <ButtonLabel startIcon={startIcon}>{children}</ButtonLabel>
    </Link>
  );
}
