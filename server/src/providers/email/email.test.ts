import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { createEmailProvider } from '.';
import { createOutboxEmailProvider, outboxDir } from './outbox';
import { findResetLink, readOutbox } from './outbox-reader';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'gw-outbox-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const message = (to: string, n = 1) => ({
  to,
  subject: `Hello #${n} — ünïcode`,
  text: `Plain body ${n}\nhttps://app.example/reset-password?token=abc_DEF-${n}`,
  html: `<p>HTML body <b>${n}</b></p>`,
});

describe('outbox', () => {
  it('writes one .eml per message with both bodies, readable back in order', async () => {
    const outbox = createOutboxEmailProvider({ dataDir, from: 'GoWild Finder <no-reply@gowild.test>' });
    await outbox.send(message('one@example.com', 1));
    await outbox.send(message('two@example.com', 2));
    const files = await readdir(outboxDir(dataDir));
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(2);
    const raw = await readFile(path.join(outboxDir(dataDir), files.sort()[0]!), 'utf8');
    expect(raw).toMatch(/^From: GoWild Finder <no-reply@gowild\.test>$/m);
    expect(raw).toMatch(/multipart\/alternative/);

    const all = await readOutbox(dataDir);
    expect(all.map((m) => m.to)).toEqual([['one@example.com'], ['two@example.com']]);
    expect(all[1]).toMatchObject({
      from: 'no-reply@gowild.test',
      subject: 'Hello #2 — ünïcode',
      html: expect.stringContaining('<b>2</b>'),
    });
    expect(all[1]!.text).toContain('Plain body 2');
    expect(findResetLink(all[1]!)).toBe('https://app.example/reset-password?token=abc_DEF-2');
    expect(await readOutbox(dataDir, { to: 'TWO@example.com' })).toHaveLength(1);
  });

  it('reads an outbox that does not exist yet as empty', async () => {
    expect(await readOutbox(path.join(dataDir, 'nowhere'))).toEqual([]);
  });
});

describe('provider choice', () => {
  it('uses the outbox without SMTP_URL and SMTP with it', () => {
    expect(createEmailProvider(testConfig({ DATA_DIR: dataDir })).kind).toBe('outbox');
    expect(createEmailProvider(testConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:2525' })).kind).toBe('smtp');
  });
});
