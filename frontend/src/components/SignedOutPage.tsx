import type { ReactNode } from 'react';
import './SignedOutPage.css';

/**
 * The backdrop of pages a signed-out visitor sees (landing, invite links): centred, full height. Plain HTML
 * and CSS, so the landing page needs no MUI.
 */
export function SignedOutPage({ children }: { children: ReactNode }) {
  return (
    <main className="signed-out-page">
      <div className="signed-out-page-column">{children}</div>
    </main>
  );
}
