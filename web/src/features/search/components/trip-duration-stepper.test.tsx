import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TripDurationStepper } from './trip-duration-stepper';

function Harness({ start = null as number | null }) {
  const [days, setDays] = useState<number | null>(start);
  return (
    <>
      <TripDurationStepper value={days} onChange={setDays} />
      <output data-testid="value">{days === null ? 'empty' : days}</output>
    </>
  );
}

const value = () => screen.getByTestId('value').textContent;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('TripDurationStepper', () => {
  it('clamps typed values to 1–365 and clears', () => {
    render(<Harness />);
    expect(screen.getByText('Optional: Specify how many days you want to stay')).toBeTruthy();
    const input = screen.getByLabelText('Trip Duration');
    fireEvent.change(input, { target: { value: '999' } });
    fireEvent.blur(input);
    expect(value()).toBe('365');
    expect(button('More days').disabled).toBe(true);
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(value()).toBe('1');
    expect(button('Fewer days').disabled).toBe(true);
    fireEvent.change(input, { target: { value: '7.6' } });
    fireEvent.blur(input);
    expect(value()).toBe('8');
    fireEvent.click(button('Clear'));
    expect(value()).toBe('empty');
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  });

  it('steps with the buttons', () => {
    render(<Harness start={364} />);
    fireEvent.click(button('More days'));
    expect(value()).toBe('365');
    fireEvent.click(button('More days'));
    expect(value()).toBe('365');
    fireEvent.click(button('Fewer days'));
    expect(value()).toBe('364');
  });
});
