import { describe, expect, it } from 'vitest';
import { type DependencyChange, createDependencyStatus } from './dependency-status';

describe('dependency status', () => {
  it('tells listeners once per change, not once per failure', () => {
    const status = createDependencyStatus('redis');
    const changes: DependencyChange[] = [];
    status.onChange((c) => changes.push(c));
    status.markUp();
    for (let i = 0; i < 5; i++) status.markDown(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    status.markUp();
    status.markUp();
    expect(changes).toEqual([
      { name: 'redis', state: 'up', previous: 'starting' },
      { name: 'redis', state: 'down', previous: 'up', reason: 'connection refused' },
      { name: 'redis', state: 'up', previous: 'down' },
    ]);
    expect(status.isUp()).toBe(true);
  });

  it('a listener that subscribes while the dependency is down hears it at once', () => {
    const status = createDependencyStatus('database');
    status.markDown('connection refused');
    const changes: DependencyChange[] = [];
    const stop = status.onChange((c) => changes.push(c));
    expect(changes).toEqual([{ name: 'database', state: 'down', previous: 'starting', reason: 'connection refused' }]);
    stop();
    status.markUp();
    expect(changes).toHaveLength(1);
  });
});
