import type { Db, StartupLock } from '../../db/client';
import type { AppModule } from '../../lib/app-module';
import { referenceCommands } from './reference.cli';
import { createReferenceRepository } from './reference.repository';
import { referenceRoutes } from './reference.routes';
import { type ReferenceService, createReferenceService } from './reference.service';

export type { ReferenceService } from './reference.service';

/** The route network and blackout dates (database, cached in memory) with their routes and operator commands. */
export async function createReferenceModule(deps: { db: Db; startupLock?: StartupLock }, overrides: { reference?: ReferenceService } = {}) {
  const reference = overrides.reference ?? (await createReferenceService(createReferenceRepository(deps.db), deps.startupLock));
  return {
    name: 'reference',
    services: { reference },
    routes: (app) => referenceRoutes(app, { reference }),
    cli: referenceCommands({ reference }),
  } satisfies AppModule;
}
export type ReferenceModule = Awaited<ReturnType<typeof createReferenceModule>>;
