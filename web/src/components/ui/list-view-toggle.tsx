import { Button } from './button';

/**
 * 'Show results as' the grouped view or the flat list of every flight (docs/product/anywhere.md#the-flat-list): two
 * pressed-or-not buttons, the labels each page's own ('Cards' / 'List' on the search, 'By destination' / 'All flights'
 * on /anywhere).
 */
export function ListViewToggle({
  listView,
  onChange,
  labels: [grouped, flat],
}: {
  listView: boolean;
  onChange: (listView: boolean) => void;
  labels: readonly [string, string];
}) {
  return (
    <div role="group" aria-label="Show results as" className="inline-flex rounded-lg border border-slate-300 p-0.5">
      {[false, true].map((list) => (
        <Button
          key={String(list)}
          variant={listView === list ? 'primary' : 'ghost'}
          size="xs"
          aria-pressed={listView === list}
          onClick={() => onChange(list)}
        >
          {list ? flat : grouped}
        </Button>
      ))}
    </div>
  );
}
