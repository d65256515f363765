/** Placeholder until the app shell lands (router, providers, layout). */
export function App() {
  return <h1 className="p-8 text-2xl font-bold">GoWild Finder</h1>;
}
