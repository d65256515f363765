import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildTestApp } from '../test/build-test-app';

/**
 * The example alert rules (ops/prometheus/alerts.yml, docs/operations.md#what-to-watch) name metrics this app
 * serves: a renamed metric would leave an alert that can never fire. promtool checks their syntax and behaviour
 * (ops/prometheus/check.sh); this checks them against the real /metrics.
 */
const RULES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../ops/prometheus/alerts.yml');
/** Series Prometheus makes itself, not the app. */
const FROM_PROMETHEUS = new Set(['up']);
const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'inf',
  'nan',
]);

/** The metric names an expression reads: identifiers outside strings, matchers and ranges that are not calls or keywords. */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  // The whole identifier, then whether a call's parenthesis follows (a lookahead would backtrack into `su` of `sum(`).
  const names = [...bare.matchAll(/(?<![\w.:])([a-zA-Z_:][\w:]*)(\s*\()?/g)].filter((m) => !m[2]).map((m) => m[1]!);
  return [...new Set(names.filter((n) => !KEYWORDS.has(n.toLowerCase())))];
}

interface RuleFile {
  groups: { name: string; rules: { alert?: string; record?: string; expr: string; labels?: Record<string, string> }[] }[];
}

describe('metricNamesIn', () => {
  it('finds the metrics of an expression and nothing else', () => {
    expect(
      metricNamesIn(
        'histogram_quantile(0.95, sum by (le) (rate(http_request_duration_seconds_bucket{route!~"/api/x", a="b c"}[5m]))) > 1.5e9 and on() up == 0',
      ),
    ).toEqual(['http_request_duration_seconds_bucket', 'up']);
  });
});

describe('ops/prometheus/alerts.yml', () => {
  it('every alert reads metrics the app serves, has a severity and a summary', async () => {
    const rules = parse(await readFile(RULES, 'utf8')) as RuleFile;
    // Redis configured but away (a closed port): its gauge is served too, as on a scaled-out deployment.
    const { app } = await buildTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1', REDIS_CONNECT_TIMEOUT_MS: '200' } });
    let text: string;
    try {
      text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    } finally {
      await app.close();
    }
    const families = new Map([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
    expect(families.size).toBeGreaterThan(20);
    /** A family, or a histogram's or summary's series (_bucket, _sum, _count). */
    const served = (name: string) => {
      if (families.has(name)) return true;
      const m = /^(.*)_(bucket|sum|count)$/.exec(name);
      return !!m && ['histogram', 'summary'].includes(families.get(m[1]!) ?? '');
    };

    const alerts = rules.groups.flatMap((g) => g.rules);
    expect(alerts.length).toBeGreaterThan(10);
    for (const rule of alerts) {
      const names = metricNamesIn(rule.expr);
      expect(names.length, rule.alert).toBeGreaterThan(0);
      const missing = names.filter((n) => !FROM_PROMETHEUS.has(n) && !served(n));
      expect(missing, `${rule.alert} reads metrics /metrics does not serve`).toEqual([]);
      expect(['critical', 'warning'], rule.alert).toContain(rule.labels?.severity);
    }
  });
});
