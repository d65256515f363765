import { findCityGroup } from '@gowild/contract/city-groups';
import { FAVOURITES_MESSAGES } from '@gowild/contract/favourites';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { useFavourites } from '@/lib/favourites/favourites-context';

const codesOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);

/**
 * /profile's favourites (docs/product/favourites.md): the home airports (typed, up to 3) and the favourite origins
 * starred in the pickers, each removable here. Offline it shows the kept copy and says changes need a connection.
 */
export function FavouritesPanel({ online = true }: { online?: boolean }) {
  const control = useFavourites();
  const kept = control?.favourites ?? null;
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  if (!control) return null;
  const home = draft ?? kept?.home_airports.join(', ') ?? '';
  // Offline the kept copy is shown, and changes wait for a connection.
  const offline = !online || control.status === 'unavailable';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      const saved = await control.saveHomeAirports(codesOf(home));
      setDraft(null);
      setOutcome({ ok: true, text: saved.message ?? FAVOURITES_MESSAGES.saved });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, FAVOURITES_MESSAGES.saveFailed) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="favourites-title"
      className="mt-6 rounded-2xl border border-slate-200 bg-white px-5 pb-5 shadow-sm sm:px-6"
      data-testid="favourites-panel"
    >
      <h2 id="favourites-title" className="border-b border-slate-100 py-4 text-lg font-semibold text-slate-900">
        {FAVOURITES_MESSAGES.homeTitle} and favourites
      </h2>
      {offline ? (
        <Notice tone="warning" className="mt-3" role="status">
          {FAVOURITES_MESSAGES.offline}
        </Notice>
      ) : null}
      {outcome ? (
        <Notice tone={outcome.ok ? 'success' : 'error'} className="mt-3" role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </Notice>
      ) : null}
      <form onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <TextField
          className="flex-1"
          label={FAVOURITES_MESSAGES.homeTitle}
          hint={FAVOURITES_MESSAGES.homeHelp}
          value={home}
          onChange={(e) => setDraft(e.target.value.toUpperCase())}
          placeholder="DEN, COS"
          autoCapitalize="characters"
          disabled={control.status === 'loading'}
        />
        <Button type="submit" disabled={busy || offline || control.status === 'loading'} className="sm:mb-6">
          {busy ? 'Saving...' : FAVOURITES_MESSAGES.save}
        </Button>
      </form>
      <h3 className="mt-2 text-sm font-medium text-slate-700">{FAVOURITES_MESSAGES.favouritesTitle}</h3>
      <p className="text-xs text-slate-600">{FAVOURITES_MESSAGES.favouritesHelp}</p>
      {kept && kept.favourite_airports.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={FAVOURITES_MESSAGES.favouritesTitle}>
          {kept.favourite_airports.map((place) => {
            const name = findCityGroup(place)?.displayName ?? place;
            return (
              <li
                key={place}
                className="inline-flex items-center gap-1 rounded-full border border-amber-200 bg-amber-50 py-1 pl-3 pr-1 text-sm"
              >
                <span aria-hidden="true" className="text-amber-700">
                  ★
                </span>
                {name}
                <button
                  type="button"
                  onClick={() => control.toggleFavourite(place)}
                  disabled={offline}
                  aria-label={FAVOURITES_MESSAGES.remove(name)}
                  className="ml-1 flex h-7 w-7 items-center justify-center rounded-full text-slate-500 hover:bg-amber-100 hover:text-slate-800"
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{FAVOURITES_MESSAGES.noFavourites}</p>
      )}
    </section>
  );
}
