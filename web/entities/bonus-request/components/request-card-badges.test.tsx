import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RequestCardBadges } from './request-card-badges';

const NO_APPROVAL = { approvalRequestedByName: null, approvalRequestedAt: null, approvalDetails: null, rejectionReason: null, rejectedByName: null };

describe("RequestCardBadges: 'Olası tekrar'", () => {
  it("names every other request by its external reference (its number when it has none) and opens the one clicked", async () => {
    const onOpen = vi.fn();
    const onCard = vi.fn();
    render(
      // A click on the flag must not reach the card around it (which would open this request instead).
      <div onClick={onCard}>
        <RequestCardBadges request={{ ...NO_APPROVAL, status: 'new', reservedForName: null, possibleDuplicates: [{ id: 3, externalId: 'GOLD-3' }, { id: 5, externalId: null }] }} onOpen={onOpen} />
      </div>,
    );
    const flag = screen.getByTestId('duplicate-flag');
    expect(flag).toHaveTextContent('Olası tekrar:GOLD-3,Talep #5');
    expect(flag).not.toHaveTextContent('#3');
    await userEvent.click(within(flag).getByRole('button', { name: 'Olası tekrar: Talep #5 talebini aç' }));
    await userEvent.click(within(flag).getByRole('button', { name: 'Olası tekrar: GOLD-3 talebini aç' }));
    expect(onOpen.mock.calls).toEqual([[5], [3]]);
    expect(onCard).not.toHaveBeenCalled();
  });

  it('shows nothing without duplicates or a reservation', () => {
    const { container } = render(<RequestCardBadges request={{ ...NO_APPROVAL, status: 'new', reservedForName: null, possibleDuplicates: [] }} onOpen={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
