import { formatMiles } from '@gowild/contract/distance';
import type { Hotel } from '@gowild/contract/extras';
import { SCORE_CLASSES, nightlyPrice, scoreColour, starCount } from '../utils/hotel-format';

/** docs/product/destination-extras.md#hotel-card. */
export function HotelCard({ hotel }: { hotel: Hotel }) {
  const stars = starCount(hotel.star_rating);
  const price = hotel.price.final_price;
  const priced = price != null && price > 0;
  const original = hotel.price.original_price;
  const picture = hotel.pictures[0];
  return (
    <li className="flex gap-3 rounded-lg border border-slate-200 p-2 sm:p-3" data-testid="hotel-card" data-price={priced ? price : ''}>
      <div className="size-20 shrink-0 overflow-hidden rounded-md bg-slate-100 sm:size-24">
        {picture ? <img src={picture} alt="" loading="lazy" className="size-full object-cover" width={96} height={96} /> : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:justify-between">
        <div className="min-w-0">
          <h4 className="text-sm font-semibold text-slate-900">
            {hotel.url ? (
              <a href={hotel.url} target="_blank" rel="noopener noreferrer" className="hover:underline" data-testid="hotel-name">
                {hotel.name}
                <span className="sr-only"> (opens the partner&apos;s site)</span>
              </a>
            ) : (
              <span data-testid="hotel-name">{hotel.name}</span>
            )}
          </h4>
          {stars > 0 ? (
            <p className="text-xs text-amber-600">
              <span aria-hidden="true">{'★'.repeat(stars)}</span>
              <span className="sr-only">{stars}-star hotel</span>
            </p>
          ) : null}
          <p className="text-xs text-slate-600">
            {hotel.distance_from_center != null ? <span>{formatMiles(hotel.distance_from_center, 1)} from the airport</span> : null}
            {hotel.distance_from_center != null && hotel.bed_count ? ' · ' : null}
            {hotel.bed_count ? (
              <span>
                {hotel.bed_count} bed{hotel.bed_count === 1 ? '' : 's'}
              </span>
            ) : null}
          </p>
          {hotel.amenities.length > 0 ? (
            <ul className="mt-1 flex flex-wrap gap-1" aria-label="Amenities">
              {hotel.amenities.slice(0, 4).map((a) => (
                <li key={a} className="rounded bg-slate-100 px-1.5 py-0.5 text-[11px] text-slate-700">
                  {a}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="flex shrink-0 items-end justify-between gap-2 sm:flex-col sm:items-end">
          {hotel.score != null ? (
            <p className="flex items-center gap-1.5 text-xs text-slate-600">
              <span
                className={`rounded px-1.5 py-0.5 text-xs font-bold ${SCORE_CLASSES[scoreColour(hotel.score)]}`}
                data-testid="hotel-score"
                data-colour={scoreColour(hotel.score)}
              >
                {hotel.score.toFixed(1)}
              </span>
              <span>
                {hotel.score_word ? `${hotel.score_word} · ` : ''}
                {hotel.review_count != null ? `${hotel.review_count.toLocaleString('en-US')} reviews` : ''}
              </span>
            </p>
          ) : null}
          <p className="text-right">
            {priced && original != null && original > price ? (
              <span className="mr-1 text-xs text-slate-500 line-through">
                <span className="sr-only">was </span>
                {nightlyPrice(original)}
              </span>
            ) : null}
            <span className={priced ? 'text-base font-bold text-slate-900' : 'text-sm text-slate-600'} data-testid="hotel-price">
              {nightlyPrice(price)}
            </span>
            {priced ? <span className="block text-[11px] text-slate-600">per night</span> : null}
          </p>
        </div>
      </div>
    </li>
  );
}
