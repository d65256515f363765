import { DevelopersPage } from '@/features/developers/components/developers-page';

/** /developers: the public API's page (docs/product/public-api.md), readable by anyone. */
export function DevelopersRoute() {
  return (
    <>
      <title>API for developers · GoWild Finder</title>
      <DevelopersPage />
    </>
  );
}
