import { QueryClientProvider } from '@tanstack/react-query';
import { render as rtlRender, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBlackoutDates } from '@/api/get-blackout-dates';
import { createTestQueryClient, mockApi, reply, resetTestState } from '@/test/test-utils';
import { BLACKOUT_CHECKING, DateSelector } from './date-selector';

const TODAY = '2026-04-29';

/** The selector with the app's query client; the blackout list already known unless a test says otherwise. */
function render(ui: ReactElement, blackoutList: string[] | null = []) {
  const client = createTestQueryClient();
  if (blackoutList) client.setQueryData(['blackout-dates'], blackoutList);
  return rtlRender(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

afterEach(resetTestState);

function Harness({ blackout = [] as string[], allow = true, onPick = (_d: string) => {} }) {
  const [value, setValue] = useState('');
  return (
    <DateSelector
      value={value}
      onChange={(d) => {
        setValue(d);
        onPick(d);
      }}
      blackoutDates={blackout}
      allowBlackoutDates={allow}
      today={TODAY}
    />
  );
}

const dayButtons = () => screen.getAllByRole('button', { pressed: false }).filter((b) => b.dataset.date);

describe('DateSelector box view', { timeout: 20_000 }, () => {
  it('shows 3 days from today, then all 30 with tags', async () => {
    const user = userEvent.setup();
    render(<Harness blackout={['2026-05-01']} />);
    expect(dayButtons().map((b) => b.dataset.date)).toEqual(['2026-04-29', '2026-04-30', '2026-05-01']);
    expect(screen.getByRole('button', { name: /Wednesday, April 29, 2026, today, available, gowild, international/ })).toBeTruthy();
    // A blackout day is not tagged gowild or international: GoWild only as a Peak Day possibility, in words.
    const blackoutDay = screen.getByRole('button', { name: 'Friday, May 1, 2026, blackout, GoWild needs a Peak Day Charge' });
    expect(blackoutDay.textContent).not.toMatch(/gowild|international/);
    expect(within(blackoutDay).getByTestId('peak-day-words').textContent).toBe('GoWild needs a Peak Day Charge');
    await user.click(screen.getByRole('button', { name: /Show more/ }));
    const all = dayButtons();
    expect(all).toHaveLength(30);
    expect(all[29]!.dataset.date).toBe('2026-05-28');
    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(dayButtons()).toHaveLength(3);
  });

  it('selects a day, and lets the search form pick a blackout day with a warning', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Harness blackout={['2026-05-01']} onPick={onPick} />);
    await user.click(screen.getByRole('button', { name: /May 1, 2026/ }));
    expect(onPick).toHaveBeenCalledWith('2026-05-01');
    expect((screen.getByRole('button', { name: /May 1, 2026/ }) as HTMLElement | null)?.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(/blacked out/)).toBeTruthy();
  });

  it('does not offer blackout days when not allowed', () => {
    render(<Harness blackout={['2026-05-01']} allow={false} />);
    expect((screen.getByRole('button', { name: /May 1, 2026/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('DateSelector before the blackout list is known (issue 31, defect 3)', { timeout: 20_000 }, () => {
  /** The search page's way: the list from the blackout query as an array, empty until it answers. */
  function LikeSearchPage() {
    const blackout = useBlackoutDates();
    return <DateSelector value="" onChange={() => {}} blackoutDates={blackout.data ?? []} allowBlackoutDates today={TODAY} />;
  }
  const boxes = () => screen.getByTestId('date-selector-boxes');

  it('tags no day gowild (nor available) while the list loads, then tags them once it arrives', async () => {
    let answer: (r: Response) => void = () => {};
    mockApi({ 'GET /api/gowild/blackout-dates': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    render(<LikeSearchPage />, null);
    expect(screen.getByRole('button', { name: /April 30, 2026/ }).getAttribute('aria-label')).toBe('Thursday, April 30, 2026');
    expect(boxes().textContent).not.toMatch(/gowild|international|available/);
    expect(screen.getByRole('status').textContent).toBe(BLACKOUT_CHECKING);
    await user.click(screen.getByRole('button', { name: 'Calendar view' }));
    expect(screen.queryAllByTestId('calendar-tags')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Show less' }));

    // The list arrives: April 30 is a blackout, so it is tagged blackout, never gowild; today is GoWild.
    answer(reply(200, ['2026-04-30']));
    await vi.waitFor(() => expect(screen.queryByText(BLACKOUT_CHECKING)).toBeNull());
    expect(screen.getByRole('button', { name: /April 30, 2026/ }).getAttribute('aria-label')).toBe(
      'Thursday, April 30, 2026, blackout, GoWild needs a Peak Day Charge',
    );
    expect(screen.getByRole('button', { name: /April 29, 2026/ }).getAttribute('aria-label')).toBe(
      'Wednesday, April 29, 2026, today, available, gowild, international',
    );
  });

  it('says so when the list cannot be fetched, and keeps the GoWild tags hidden', async () => {
    mockApi({ 'GET /api/gowild/blackout-dates': () => reply(500, { error: 'down' }) });
    render(<LikeSearchPage />, null);
    // The query tries once more before it gives up.
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toMatch(/Unable to fetch blackout dates/);
    expect(boxes().textContent).not.toMatch(/gowild/);
  });

  it('follows the caller when it says whether the list is known', () => {
    const { rerender } = render(
      <DateSelector value="" onChange={() => {}} blackoutDates={[]} blackoutDatesKnown={false} allowBlackoutDates today={TODAY} />,
    );
    expect(boxes().textContent).not.toMatch(/gowild/);
    rerender(
      <QueryClientProvider client={createTestQueryClient()}>
        <DateSelector value="" onChange={() => {}} blackoutDates={['2026-04-30']} blackoutDatesKnown allowBlackoutDates today={TODAY} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name: /April 29, 2026/ }).getAttribute('aria-label')).toMatch(/available, gowild/);
    expect(screen.getByRole('button', { name: /April 30, 2026/ }).getAttribute('aria-label')).toMatch(/blackout/);
    expect(screen.queryByText(BLACKOUT_CHECKING)).toBeNull();
  });
});

describe('DateSelector calendar view', { timeout: 20_000 }, () => {
  it('shows 42 cells from the Sunday before the 1st, with past days disabled', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Calendar view' }));
    const grid = screen.getByRole('group', { name: /April 2026/ });
    const cells = within(grid).getAllByRole('button');
    expect(cells).toHaveLength(42);
    expect(cells[0]!.dataset.date).toBe('2026-03-29');
    expect((within(grid).getByRole('button', { name: /April 28, 2026/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(grid).getByRole('button', { name: /April 29, 2026/ }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Previous month' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('moves between months, jumps back with Today and returns to the boxes with Show less', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Harness onPick={onPick} />);
    await user.click(screen.getByRole('button', { name: 'Calendar view' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('group', { name: /May 2026/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /June 5, 2026/ }));
    expect(onPick).toHaveBeenLastCalledWith('2026-06-05');
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(onPick).toHaveBeenLastCalledWith(TODAY);
    expect(screen.getByRole('group', { name: /April 2026/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.queryByRole('group', { name: /April 2026/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Calendar view' })).toBeTruthy();
  });

  it('is keyboard-usable: arrow keys move between days, Enter picks', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Harness onPick={onPick} />);
    await user.click(screen.getByRole('button', { name: 'Calendar view' }));
    const today = screen.getByRole('button', { name: /April 29, 2026/ });
    today.focus();
    await user.keyboard('{ArrowDown}');
    await vi.waitFor(() => expect((document.activeElement as HTMLElement | null)?.getAttribute('data-date')).toBe('2026-05-06'), {
      timeout: 5000,
    });
    await user.keyboard('{ArrowLeft}');
    await vi.waitFor(() => expect((document.activeElement as HTMLElement | null)?.getAttribute('data-date')).toBe('2026-05-05'), {
      timeout: 5000,
    });
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenLastCalledWith('2026-05-05');
    // Left from today would be the past: focus stays.
    screen.getByRole('button', { name: /April 29, 2026/ }).focus();
    await user.keyboard('{ArrowLeft}');
    expect((document.activeElement as HTMLElement | null)?.getAttribute('data-date')).toBe('2026-04-29');
  });
});

describe('DateSelector for several days (alerts)', () => {
  function Multi({ onPick }: { onPick: (d: string) => void }) {
    return (
      <DateSelector
        value="2026-05-02"
        selected={['2026-04-30', '2026-05-02']}
        onChange={onPick}
        blackoutDates={[]}
        allowBlackoutDates
        minDate="2026-04-30"
        today={TODAY}
        label="Travel dates"
      />
    );
  }

  it('starts at the earliest day, shows every chosen day pressed and hands the pressed day back', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Multi onPick={onPick} />);
    const pressed = screen.getAllByRole('button', { pressed: true }).map((b) => b.dataset.date);
    expect(pressed).toEqual(['2026-04-30', '2026-05-02']);
    expect(screen.queryByRole('button', { name: /April 29, 2026/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: /May 2, 2026/ }));
    expect(onPick).toHaveBeenLastCalledWith('2026-05-02');
    await user.click(screen.getByRole('button', { name: 'Calendar view' }));
    expect((screen.getByRole('button', { name: /April 29, 2026/ }) as HTMLButtonElement).disabled).toBe(true);
    // Today cannot be picked, so there is no Today button.
    expect(screen.queryByRole('button', { name: 'Today' })).toBeNull();
  });
});
