import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serverPackageDir } from './server-package-dir';

describe('serverPackageDir', () => {
  it('finds the package from a source file deep in src/ and from a bundle directly in dist/', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'gw-pkg-'));
    writeFileSync(path.join(root, 'package.json'), '{}');
    mkdirSync(path.join(root, 'src', 'plugins'), { recursive: true });
    mkdirSync(path.join(root, 'dist'));
    expect(serverPackageDir(pathToFileURL(path.join(root, 'src', 'plugins', 'spa.ts')).href)).toBe(root);
    expect(serverPackageDir(pathToFileURL(path.join(root, 'dist', 'server.js')).href)).toBe(root);
  });

  it('is this repository’s server folder for this file', () => {
    expect(path.basename(serverPackageDir(import.meta.url))).toBe('server');
  });
});
