/**
 * `node --import tsx bench/first-visit.bench.ts` (after `npm run build`): the API thread's time for the files of a
 * first visit (decision 332). A new visitor's browser asks for the page and the app's scripts, then its service
 * worker for every other file of the build, about 150 requests on the thread that also runs the searches. Each file
 * of the built web app is asked for once a visit, six at a time as a browser does, with brotli accepted; beside it
 * the same number of requests to GET /api/config, the cheapest JSON answer, in the same run. Prints the thread's
 * time (CPU) per file ÷ per JSON answer: the limit is 1.5× (a file costs about what a small answer costs).
 */
import { DEFAULT_WEB_DIST, readWebApp } from '../src/plugins/spa';
import { embeddedBenchApp } from './embedded-app';

const VISITS = Number(process.env.VISITS ?? 30);
const LIMIT = 1.5;

async function main() {
  // The paths the server makes routes for: every file of the build, its compressed copies riding with it.
  const web = readWebApp(DEFAULT_WEB_DIST);
  if (!web) {
    console.log('first visit: skipped, the web app is not built (npm run build)');
    return;
  }
  const { app, close } = await embeddedBenchApp();
  try {
    const files = [...web.keys()];
    /** CPU ms of this process to ask for `urls`, six at a time, every answer checked. */
    const cpuFor = async (urls: string[]) => {
      const queue = [...urls];
      const before = process.cpuUsage();
      await Promise.all(
        Array.from({ length: 6 }, async () => {
          for (let url = queue.shift(); url; url = queue.shift()) {
            // As a stream: inject would otherwise turn every answer into a string, which no socket does.
            const res = await app.inject({
              method: 'GET',
              url,
              headers: { 'accept-encoding': 'gzip, deflate, br' },
              payloadAsStream: true,
            });
            if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
            for await (const _ of res.stream());
          }
        }),
      );
      const used = process.cpuUsage(before);
      return (used.user + used.system) / 1000;
    };
    const visit = () => cpuFor(files);
    const answers = () => cpuFor(files.map(() => '/api/config'));
    for (let i = 0; i < 3; i++) {
      await visit();
      await answers();
    }
    let visitMs = 0;
    let answersMs = 0;
    // Interleaved, so the machine's noise falls on both alike.
    for (let i = 0; i < VISITS; i++) {
      visitMs += await visit();
      answersMs += await answers();
    }
    const perFile = visitMs / VISITS / files.length;
    const perAnswer = answersMs / VISITS / files.length;
    const ratio = perFile / perAnswer;
    console.log(`first visit: ${files.length} files of the build, ${VISITS} visits (through app.inject, brotli accepted)`);
    console.log(`  API thread per visit: ${(visitMs / VISITS).toFixed(1)} ms; per file ${perFile.toFixed(3)} ms`);
    console.log(`  per GET /api/config, same run: ${perAnswer.toFixed(3)} ms`);
    console.log(`  file ÷ small JSON answer: ${ratio.toFixed(2)}× (limit ≤ ${LIMIT}×) ${ratio <= LIMIT ? 'meets limit' : 'OVER LIMIT'}`);
  } finally {
    await close();
  }
}

await main();
