import './plain.css';

/** MUI's rounded Skeleton in plain HTML and CSS (plain.css): a pulsing placeholder of the given height. */
export function Skeleton({ height }: { height: number }) {
  return <span className="skeleton" style={{ height }} />;
}
