import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, wrapPglite } from '../db/client';
import { adminQuery, testDatabaseName, withDatabase } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data directory (tar), from which each test's database is loaded. */
    pgliteTemplateFile?: string;
    /** With TEST_DATABASE_URL: a migrated PostgreSQL database each test's database is copied from. */
    postgresTemplate?: string;
  }
}

/**
 * Migrates one template database for the whole run, instead of one per test file: each file runs in a process of its
 * own, and migrating a fresh database took seconds in every one of them. Dropped again at the end of the run.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = testDatabaseName('template');
    await adminQuery(adminUrl, `create database ${name}`);
    const database = await openDatabase({ databaseUrl: withDatabase(adminUrl, name), dataDir: 'memory://' });
    await database.close();
    project.provide('postgresTemplate', name);
    return async () => {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    };
  }
  const client = new PGlite();
  await wrapPglite(client, true);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = await mkdtemp(path.join(tmpdir(), 'gowild-pglite-'));
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
