import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PageHeader } from '@/app/routes/page-header';
import { useAppConfig } from '@/lib/app-config';

const STEPS = [
  {
    title: 'Pick where you are',
    body: 'Choose one airport, several, or a whole city such as New York (JFK, LGA and EWR together), and a travel date.',
  },
  {
    title: 'See every destination at once',
    body: 'We check every route the airline flies from your airports and group the answers by destination: GoWild destinations first, then the ones with Standard or Discount Den fares only.',
  },
  {
    title: 'Book on the airline',
    body: 'Each fare links straight to the airline’s booking page. We never sell tickets or handle payment for flights.',
  },
];

/** /about: what the product does (docs/product/README.md#static-pages: free availability and pricing search, no monthly fees). */
export function AboutRoute() {
  const config = useAppConfig();
  const perDay = config.data?.freeSearchesPerDay;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <PageHeader
        title="About GoWild Finder"
        subtitle="A free availability and pricing search for Frontier's GoWild All-You-Can-Fly pass, Standard and Discount Den fares, from every route out of your airport in one view."
      />

      <section className="prose-slate space-y-4 text-slate-700">
        <p>
          Pass holders know the drill: GoWild seats open the day before a domestic flight (ten days before an international one), and
          finding them means searching the airline&apos;s site one destination at a time. GoWild Finder does that checking for you and shows
          what is actually available, with the price of each fare type side by side.
        </p>
        <p>
          Searching is free with an account: no monthly fees, no card,{' '}
          {perDay !== undefined ? `${perDay} searches every day` : 'a few searches every day'}. Frequent flyers who want unlimited searches,
          inbound search, seat counts, the route map and fare alerts can choose Premium, but nothing about the free search depends on it.
        </p>
      </section>

      <section aria-labelledby="how-title" className="mt-12">
        <h2 id="how-title" className="text-xl font-semibold text-slate-900">
          How it works
        </h2>
        <ol className="mt-6 grid gap-6 sm:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <span className="flex size-8 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800">
                {i + 1}
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{step.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="fine-print-title" className="mt-12 rounded-2xl bg-slate-100 p-6">
        <h2 id="fine-print-title" className="font-semibold text-slate-900">
          The fine print
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-700">
          <li>GoWild Finder is independent and not affiliated with, endorsed by or sponsored by Frontier Airlines.</li>
          <li>Fares and seats change by the minute; the airline&apos;s site has the final word when you book.</li>
          <li>GoWild blackout dates are marked on the date picker so you can plan around them.</li>
        </ul>
      </section>

      <div className="mt-10 flex flex-wrap gap-3">
        <ButtonLink to={paths.home} size="lg">
          Start searching
        </ButtonLink>
        <ButtonLink to={paths.plans} size="lg" variant="secondary">
          Compare plans
        </ButtonLink>
      </div>
    </div>
  );
}
