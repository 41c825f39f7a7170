import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './button.css';

export type ButtonVariant = 'text' | 'contained' | 'outlined';
export type ButtonColor = 'primary' | 'secondary' | 'error' | 'inherit';

export interface ButtonLook {
  variant?: ButtonVariant;
  color?: ButtonColor;
  /** An icon before the label, as MUI's startIcon (20 px). */
  startIcon?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** The classes of a button of this look (button.css). */
export function buttonClasses({
  variant = 'text',
  color = 'primary',
  className,
}: Omit<ButtonLook, 'children'>): string {
  return ['button', `button-${variant}`, `button-${color}`, className].filter(Boolean).join(' ');
}

/** The label, after the start icon if there is one. */
export function ButtonLabel({ startIcon, children }: Pick<ButtonLook, 'startIcon' | 'children'>) {
  return (
    <>
      {startIcon && <span className="button-start-icon">{startIcon}</span>}
      {children}
    </>
  );
}

/**
 * MUI's Button (with our theme: no elevation, 44 px tall, the focus ring) in plain HTML and CSS (button.css):
 * the signed-in first screen draws several, and MUI's came with its core and its run-time styling.
 * A real <button>, so the keyboard, the disabled state and the focus ring come from the browser. No ripple.
 */
export function Button({
  variant,
  color,
  startIcon,
  className,
  children,
  type = 'button',
  ...props
}: ButtonLook & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color' | 'className'>) {
  return (
    <button type={type} className={buttonClasses({ variant, color, className })} {...props}>
      <ButtonLabel startIcon={startIcon}>{children}</ButtonLabel>
    </button>
  );
}

/** MUI's IconButton: a round 44 px target around an icon or an avatar; `inherit` takes the bar's colour. */
export function IconButton({
  color,
  className,
  children,
  ...props
}: { color?: 'inherit'; className?: string; children: ReactNode } & Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'color' | 'className' | 'type'
>) {
  const classes = ['icon-button', color === 'inherit' && 'icon-button-inherit', className];
  return (
    <button type="button" className={classes.filter(Boolean).join(' ')} {...props}>
      {children}
    </button>
  );
}
