import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import './plain.css';

type DivProps = Omit<HTMLAttributes<HTMLElement>, 'className'> & {
  style?: CSSProperties;
  children: ReactNode;
};

/** MUI's outlined Card in plain HTML and CSS (plain.css); `component` as MUI's (a section, an article). */
export function Card({
  component: Component = 'div',
  ...props
}: DivProps & { component?: 'div' | 'article' }) {
  return <Component className="card" {...props} />;
}

/** MUI's CardContent: 16 px around, 24 below when it ends the card. */
export function CardContent(props: DivProps) {
  return <div className="card-content" {...props} />;
}

/** MUI's CardActions: a row of actions, 8 px apart. */
export function CardActions(props: DivProps) {
  return <div className="card-actions" {...props} />;
}
