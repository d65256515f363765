/**
 * `npm run emulator`: the Frontier emulator on its own, for pointing FRONTIER_BASE_URL (with
 * FLIGHTS_PROVIDER=frontier) or a script at it. Reads the EMULATOR_* settings; port EMULATOR_PORT or 8787.
 */
import { loadConfigOrExit } from '../../../config';
import { clockFromConfig } from '../../../lib/clock';
import { seedNetwork } from './network';
import { emulatorOptionsFromConfig, startFrontierEmulator } from './server';
import { todayUtc } from '@gowild/contract/dates';
import { internalSelectPath } from '../frontier-request';

async function main() {
  const config = loadConfigOrExit();
  const clock = clockFromConfig(config);
  const emulator = await startFrontierEmulator({
    ...emulatorOptionsFromConfig(config),
    network: seedNetwork(),
    clock,
    host: process.env.EMULATOR_HOST ?? '127.0.0.1',
    port: config.EMULATOR_PORT || 8787,
  });
  console.log(
    // The request the adapter sends (decision 239), so the hint shows what the site is asked.
    `Frontier emulator on ${emulator.url}  (try ${emulator.url}${internalSelectPath({ origin: 'DEN', destination: 'LAS', date: todayUtc(clock.now()) }, config.FRONTIER_DATE_FORMAT)})`,
  );
  const stop = () => void emulator.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
