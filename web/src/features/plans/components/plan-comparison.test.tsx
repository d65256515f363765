import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlanComparison, yearlySavings } from '@/features/plans/components/plan-comparison';
import { buildConfig, mockApi, renderWithProviders, resetTestState } from '@/test/test-utils';

const config = buildConfig();
const [monthly, yearly] = config.plans;

describe('plans (docs/product/accounts-and-plans.md#plans-page; every figure from /api/config)', () => {
  afterEach(resetTestState);

  it('shows the monthly price, the struck-through regular price and the trial', () => {
    mockApi();
    renderWithProviders(<PlanComparison config={config} viewer="guest" onUpgrade={vi.fn()} />);
    const price = screen.getByTestId('premium-price');
    expect(price.textContent).toContain('$5/month');
    expect(price.querySelector('.line-through')?.textContent).toBe('$10');
    expect(price.textContent).toContain('7-day free trial');
  });

  it('switches to yearly: $50, struck $120, save $10 per year', async () => {
    mockApi();
    renderWithProviders(<PlanComparison config={config} viewer="guest" onUpgrade={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: /Yearly/ }));
    expect(screen.getByRole('button', { name: /Yearly/ }).getAttribute('aria-pressed')).toBe('true');
    const price = screen.getByTestId('premium-price');
    expect(price.textContent).toContain('$50/year');
    expect(price.querySelector('.line-through')?.textContent).toBe('$120');
    expect(price.textContent).toContain('save $10 per year');
  });

  it('follows the server figures, whatever they are', async () => {
    mockApi();
    const custom = buildConfig({
      freeSearchesPerDay: 4,
      plans: [
        { id: 'monthly', name: 'Monthly', price: 7, regularPrice: 12, interval: 'month', trialDays: 14 },
        { id: 'yearly', name: 'Yearly', price: 60, regularPrice: 144, interval: 'year', trialDays: 14 },
      ],
    });
    renderWithProviders(<PlanComparison config={custom} viewer="guest" onUpgrade={vi.fn()} />);
    expect(screen.getByTestId('premium-price').textContent).toContain('$7/month');
    expect(screen.getByTestId('premium-price').textContent).toContain('14-day free trial');
    expect(screen.getByText('4 searches per day')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Yearly/ }));
    expect(screen.getByTestId('premium-price').textContent).toContain('save $24 per year');
  });

  it('guests get Get Started (→ /register) and Sign in (→ /login)', () => {
    mockApi();
    renderWithProviders(<PlanComparison config={config} viewer="guest" onUpgrade={vi.fn()} />);
    const starts = screen.getAllByRole('link', { name: 'Get Started' });
    expect(starts.every((a) => a.getAttribute('href') === '/register')).toBe(true);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull();
  });

  it('free users get Upgrade to Premium for the chosen plan', async () => {
    mockApi();
    const onUpgrade = vi.fn();
    renderWithProviders(<PlanComparison config={config} viewer="free" onUpgrade={onUpgrade} />);
    await userEvent.click(screen.getByRole('button', { name: /Yearly/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    expect(onUpgrade).toHaveBeenCalledWith(yearly);
    expect(screen.queryByText('Active Subscription')).toBeNull();
  });

  it("premium members see 'Active Subscription' and no upgrade", () => {
    mockApi();
    renderWithProviders(<PlanComparison config={config} viewer="premium" onUpgrade={vi.fn()} />);
    expect(screen.getByText('Active Subscription')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull();
  });

  it('lists the footer claims', () => {
    mockApi();
    renderWithProviders(<PlanComparison config={config} viewer="guest" onUpgrade={vi.fn()} />);
    for (const claim of ['Cancel anytime', '100% money back guarantee', 'No setup fees']) expect(screen.getByText(claim)).toBeTruthy();
  });
});

describe('yearlySavings', () => {
  it('is twelve monthly payments minus the yearly price, never negative', () => {
    expect(yearlySavings(monthly, yearly)).toBe(10);
    expect(yearlySavings({ ...monthly!, price: 4 }, yearly)).toBe(0);
    expect(yearlySavings(monthly, undefined)).toBe(0);
  });
});
