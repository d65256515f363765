import { type AdminRoutesResult, adminRoutesImportBodySchema } from '@gowild/contract/admin';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast/toast-store';
import { useAddBlackouts } from '../api/add-blackouts';
import { useBlackouts } from '../api/get-blackouts';
import { useImportRoutes } from '../api/import-routes';
import { useRefreshRoutes } from '../api/refresh-routes';
import { useRemoveBlackout } from '../api/remove-blackout';
import { FilterField, inputClasses } from './admin-table';
import { type ConfirmRequest, ConfirmDialog } from './confirm-dialog';
import { todayUtc } from '@gowild/contract/dates';

const fail = (title: string) => (e: Error) => showToast({ type: 'error', title, message: e.message });

/** The CLI's blackouts:add|remove and routes:import|refresh, from the browser (docs/product/admin.md#operator-actions). */
export function ReferenceDataPanel() {
  const ids = useId();
  return (
    <section aria-labelledby={`${ids}-h`} className="mt-8 grid gap-4 lg:grid-cols-2">
      <h2 id={`${ids}-h`} className="sr-only">
        Blackout dates and routes
      </h2>
      <BlackoutDatesCard />
      <RouteNetworkCard />
    </section>
  );
}

/** The upcoming blackout dates, a range to add with its label, and a date to remove (after a confirmation). */
function BlackoutDatesCard() {
  const ids = useId();
  const blackouts = useBlackouts();
  const add = useAddBlackouts();
  const remove = useRemoveBlackout();
  const [form, setForm] = useState({ start: '', end: '', label: '' });
  const [removeDate, setRemoveDate] = useState('');
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const dates = blackouts.data?.blackout_dates ?? [];
  const upcoming = dates.filter((d) => d >= todayUtc());
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 className="text-base font-bold text-slate-900">Blackout dates</h3>
      <p className="mt-1 text-sm text-slate-600">
        {upcoming.length} upcoming{upcoming.length > 0 ? `: ${upcoming.slice(0, 8).join(', ')}${upcoming.length > 8 ? ' …' : ''}` : ''}
      </p>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-3 sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (!form.start) return;
          add.mutate(
            { start: form.start, end: form.end || undefined, label: form.label },
            {
              onSuccess: () => {
                showToast({
                  type: 'success',
                  title: 'Blackout dates added',
                  message: form.end ? `${form.start} to ${form.end}` : form.start,
                });
                setForm({ start: '', end: '', label: '' });
              },
              onError: fail('Could not add the dates'),
            },
          );
        }}
      >
        <FilterField label="From" htmlFor={`${ids}-start`}>
          <input
            id={`${ids}-start`}
            type="date"
            required
            value={form.start}
            onChange={(e) => setForm({ ...form, start: e.target.value })}
            className={inputClasses}
          />
        </FilterField>
        <FilterField label="To (optional)" htmlFor={`${ids}-end`}>
          <input
            id={`${ids}-end`}
            type="date"
            value={form.end}
            onChange={(e) => setForm({ ...form, end: e.target.value })}
            className={inputClasses}
          />
        </FilterField>
        <FilterField label="Label" htmlFor={`${ids}-label`}>
          <input
            id={`${ids}-label`}
            value={form.label}
            maxLength={100}
            onChange={(e) => setForm({ ...form, label: e.target.value })}
            className={inputClasses}
            placeholder="Thanksgiving"
          />
        </FilterField>
        <Button type="submit" isLoading={add.isPending} className="sm:col-span-3 sm:justify-self-start">
          Add blackout dates
        </Button>
      </form>
      <form
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!removeDate) return;
          setConfirm({
            title: 'Remove this blackout date?',
            message: `GoWild fares are offered again on ${removeDate}.`,
            confirmLabel: 'Remove date',
            danger: true,
            onConfirm: () =>
              remove.mutate(removeDate, {
                onSuccess: () => {
                  showToast({ type: 'success', title: 'Blackout date removed', message: removeDate });
                  setRemoveDate('');
                },
                onError: fail('Could not remove the date'),
                onSettled: () => setConfirm(null),
              }),
          });
        }}
      >
        <FilterField label="Remove a date" htmlFor={`${ids}-remove`}>
          <select id={`${ids}-remove`} value={removeDate} onChange={(e) => setRemoveDate(e.target.value)} className={inputClasses}>
            <option value="">Choose a date</option>
            {dates.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </FilterField>
        <Button type="submit" variant="secondary" disabled={!removeDate}>
          Remove
        </Button>
      </form>
      <ConfirmDialog request={confirm} busy={remove.isPending} onClose={() => setConfirm(null)} />
    </div>
  );
}

/** The route network: a refresh from the airline's published network (previewed first), or a JSON file imported. */
function RouteNetworkCard() {
  const refresh = useRefreshRoutes();
  const importRoutes = useImportRoutes();
  const [preview, setPreview] = useState<AdminRoutesResult | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const onImportFile = async (file: File) => {
    let routes;
    try {
      routes = adminRoutesImportBodySchema.parse({ routes: JSON.parse(await file.text()) }).routes;
    } catch {
      showToast({
        type: 'error',
        title: 'Import failed',
        message: 'The file must be a JSON array of { "origin": "DEN", "destination": "LAS" }.',
      });
      return;
    }
    setConfirm({
      title: 'Replace the route network?',
      message: `The ${routes.length} routes in ${file.name} replace every route searches use now.`,
      confirmLabel: 'Replace routes',
      danger: true,
      onConfirm: () =>
        importRoutes.mutate(routes, {
          onSuccess: (r) =>
            showToast({
              type: 'success',
              title: 'Routes imported',
              message: `${r.routes} routes: ${r.added.length} added, ${r.removed.length} removed`,
            }),
          onError: fail('Import failed'),
          onSettled: () => setConfirm(null),
        }),
    });
  };

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 className="text-base font-bold text-slate-900">Route network</h3>
      <p className="mt-1 text-sm text-slate-600">
        Refresh from the airline&apos;s published network (preview first), or import a JSON file.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          isLoading={refresh.isPending && refresh.variables?.dryRun}
          onClick={() => refresh.mutate({ dryRun: true }, { onSuccess: setPreview, onError: fail('Refresh failed') })}
        >
          Preview refresh
        </Button>
        {preview && (
          <Button
            isLoading={refresh.isPending && !refresh.variables?.dryRun}
            onClick={() =>
              refresh.mutate(
                { dryRun: false },
                {
                  onSuccess: (r) => {
                    setPreview(null);
                    showToast({
                      type: 'success',
                      title: 'Routes refreshed',
                      message: `${r.routes} routes: ${r.added.length} added, ${r.removed.length} removed`,
                    });
                  },
                  onError: fail('Refresh failed'),
                },
              )
            }
          >
            Apply refresh
          </Button>
        )}
        <label className="inline-flex h-10 cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm focus-within:outline-2 focus-within:outline-brand-700 hover:bg-slate-50">
          Import JSON…
          <input
            type="file"
            accept="application/json,.json"
            className="sr-only"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void onImportFile(file);
            }}
          />
        </label>
      </div>
      {preview && (
        <p className="mt-3 text-sm text-slate-700" role="status">
          The airline lists {preview.routes} routes: {preview.added.length} to add, {preview.removed.length} to remove
          {preview.skipped > 0 ? `, ${preview.skipped} skipped (unknown stations)` : ''}.
        </p>
      )}
      <ConfirmDialog request={confirm} busy={importRoutes.isPending} onClose={() => setConfirm(null)} />
    </div>
  );
}
