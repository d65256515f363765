import type { ReactNode } from 'react';

/** The heading block most pages start with; sets the document title too (React 19 hoists <title>). */
export function PageHeader({ title, subtitle, documentTitle }: { title: string; subtitle?: ReactNode; documentTitle?: string }) {
  return (
    <div className="mb-8">
      <title>{`${documentTitle ?? title} · GoWild Finder`}</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {subtitle && <p className="mt-3 max-w-2xl text-lg text-slate-600">{subtitle}</p>}
    </div>
  );
}
