import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { MailIcon } from '@/components/ui/icons';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';

const INCLUDE = [
  { title: 'What went wrong', body: 'A short description of the issue and what you expected to happen.' },
  { title: 'Steps to reproduce', body: 'What you clicked or searched, in order: airports, date and options.' },
  { title: 'Your browser and device', body: 'For example Chrome on Windows or Safari on iPhone, with the version if you know it.' },
  { title: 'Error messages', body: 'The exact text of any message you saw, or a screenshot.' },
];

/** /support (docs/product/README.md#static-pages). */
export function SupportRoute() {
  const config = useAppConfig();
  const navigate = useNavigate();
  const goBack = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate(paths.home);
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <title>Support · GoWild Finder</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Need Help?</h1>
      <p className="mt-3 text-lg text-slate-600">We are happy to help with searches, your account or your subscription.</p>

      <section aria-labelledby="contact-title" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="contact-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <MailIcon className="size-5 text-brand-700" />
          Contact us
        </h2>
        {config.data ? (
          <p className="mt-3 text-slate-700">
            E-mail us at{' '}
            <a
              href={`mailto:${config.data.supportEmail}`}
              className="font-semibold text-brand-700 underline underline-offset-2"
              data-testid="support-email"
            >
              {config.data.supportEmail}
            </a>
            .
          </p>
        ) : config.isError ? (
          <p className="mt-3 text-slate-700">Our contact address could not be loaded. Please reload the page.</p>
        ) : (
          <PageSpinner />
        )}
        <p className="mt-2 text-sm text-slate-600">We usually reply within about 24 hours on business days.</p>
      </section>

      <section aria-labelledby="include-title" className="mt-8">
        <h2 id="include-title" className="text-lg font-semibold text-slate-900">
          What to include
        </h2>
        <p className="mt-1 text-sm text-slate-600">The more we know, the faster we can fix it.</p>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {INCLUDE.map((item) => (
            <li key={item.title} className="rounded-xl border border-slate-200 bg-white p-4">
              <p className="font-medium text-slate-900">{item.title}</p>
              <p className="mt-1 text-sm text-slate-600">{item.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <Button variant="secondary" className="mt-10" onClick={goBack}>
        Go Back
      </Button>
    </div>
  );
}
