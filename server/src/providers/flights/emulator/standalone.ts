/**
 * `npm run emulator`: the Frontier emulator on its own, for pointing FRONTIER_BASE_URL (with
 * FLIGHTS_PROVIDER=frontier) or a script at it. Reads the EMULATOR_* settings; port EMULATOR_PORT or 8787.
 */
import { loadConfigOrExit } from '../../../config';
import { clockFromConfig } from '../../../lib/clock';
import { seedNetwork } from './network';
import { emulatorOptionsFromConfig, startFrontierEmulator } from './server';
import { todayUtc } from '@gowild/contract/dates';

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
    `Frontier emulator on ${emulator.url}  (try ${emulator.url}/Flight/InternalSelect?o1=DEN&d1=LAS&dd1=${todayUtc(clock.now())}&adt=1&umnr=false&loy=false&mon=true&ftype=GW)`,
  );
  const stop = () => void emulator.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
