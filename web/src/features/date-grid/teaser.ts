/** What free users and visitors see in the date grid's place (kept apart so the search page loads no grid code). */
export const DATE_GRID_TEASER = {
  title: 'Date grid',
  description:
    'See every destination from your airport across the next two weeks at a glance: which days GoWild is offered, the lowest fares, and how recently we checked. Open any day to see its flights.',
} as const;
