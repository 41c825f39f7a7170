import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { withApiServer } from '../../../testing/api-server';
import { renderWithStore } from '../../../testing/render-with-store';
import type { PersonResult } from '../people-api';
import { PotPlayersStep } from './PotPlayersStep';

withApiServer();

const friend = (id: string, firstName: string) =>
  ({
    id,
    username: firstName.toLowerCase(),
    firstName,
    lastName: null,
    profileImageUrl: null,
  }) as PersonResult;
const friends = [friend('a', 'Ana'), friend('b', 'Ben'), friend('c', 'Cy')];

function Host({ onContinue }: { onContinue: () => void }) {
  const [chosen, setChosen] = useState<PersonResult[]>([]);
  return (
    <PotPlayersStep
      query=""
      onQuery={() => {}}
      friends={friends}
      loadingFriends={false}
      chosen={chosen}
      onToggle={(person) =>
        setChosen((now) =>
          now.some((one) => one.id === person.id)
            ? now.filter((one) => one.id !== person.id)
            : [...now, person],
        )
      }
      onContinue={onContinue}
    />
  );
}

describe('PotPlayersStep', () => {
  it('waits for two friends ticked, says who is invited, and untick takes one back', () => {
    const onContinue = jest.fn();
    renderWithStore(<Host onContinue={onContinue} />);
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toHaveProperty('disabled', true);
    expect(screen.getByRole('status').textContent).toBe('Nobody invited yet. Invite at least 2.');
    fireEvent.click(screen.getByRole('checkbox', { name: /Ana/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Cy/ }));
    expect(screen.getByRole('checkbox', { name: /Ana/ }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('2 friends invited: Ana, Cy.');
    fireEvent.click(next);
    expect(onContinue).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('checkbox', { name: /Ana/ }));
    expect(screen.getByRole('status').textContent).toBe('1 friend invited: Cy. Invite at least 2.');
    expect(next).toHaveProperty('disabled', true);
  });
});
