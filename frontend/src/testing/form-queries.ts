import { screen } from '@testing-library/react';
import { http } from 'msw';
import { apiServer } from './api-server';

/** Answers `method path` with `answer` and keeps every JSON body sent there, in order. */
export function recordRequests(method: 'patch' | 'post', path: string, answer: () => Response): unknown[] {
  const bodies: unknown[] = [];
  apiServer.use(
    http[method](path, async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

/** The text that describes a field (its helper text or error), as a screen reader reads it. */
export function descriptionOf(field: HTMLElement): string {
  const ids = field.getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/** The role of the toast titled `title` once it shows: 'status', or 'alert' for a failure. */
export async function toastRole(title: string): Promise<string | null | undefined> {
  // By text: while a dialog is open the page behind it, the toaster included, is hidden from role queries.
  return (await screen.findByText(title)).closest('[role="status"], [role="alert"]')?.getAttribute('role');
}
