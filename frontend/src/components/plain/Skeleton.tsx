import type { HTMLAttributes, ReactNode } from 'react';
import './plain.css';

/**
 * MUI's rounded Skeleton in plain HTML and CSS (plain.css): a pulsing placeholder the size of its children,
 * which it draws invisible (and out of reach of the keyboard and screen readers). Shaped by what will replace
 * it, the page does not move when that arrives.
 */
export function Skeleton({
  children,
  ...props
}: { children: ReactNode } & Omit<HTMLAttributes<HTMLDivElement>, 'className' | 'children'>) {
  return (
    <div className="skeleton" {...props}>
      <div className="skeleton-shape" aria-hidden="true" inert>
        {children}
      </div>
    </div>
  );
}
