import { useState, type CSSProperties, type ReactNode } from 'react';
import './plain.css';

/**
 * MUI's Avatar in plain HTML and CSS (plain.css): the picture when there is one and it loads, else the
 * children (initials) on `color`. The picture is decorative: the name is always written beside it or in the
 * control's label.
 */
export function Avatar({
  src,
  color,
  size,
  children,
}: {
  src?: string | null;
  color: string;
  size?: number;
  children: ReactNode;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const showPicture = Boolean(src) && failed !== src;
  // Two wide initials ("MW") fit inside the circle at any size: the letters scale with it.
  const style: CSSProperties = size ? { width: size, height: size, fontSize: Math.round(size * 0.4) } : {};
  if (!showPicture) style.backgroundColor = color;
  return (
    <div className="avatar" style={style}>
      {showPicture ? <img src={src ?? undefined} alt="" onError={() => setFailed(src ?? null)} /> : children}
    </div>
  );
}
