/** The mark every demo billing screen carries: nothing here is a real payment. */
export function DemoBadge({ children = 'Demo: no card is charged' }: { children?: string }) {
  return (
    <p
      data-testid="billing-demo-badge"
      className="inline-flex items-center gap-1.5 rounded-md bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-900 ring-1 ring-amber-200"
    >
      <span className="font-bold tracking-wide uppercase">Demo</span>
      <span>{children.replace(/^Demo: /, '')}</span>
    </p>
  );
}
