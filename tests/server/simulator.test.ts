/**
 * The simulator's runner (server/simulator/index.ts, docs/decisions.md 188): each tick runs every step
 * at the app's clock; a step that throws is logged and the others still run; the app starts it unless
 * SIMULATOR=off (tests: off) and stops it on close; two runners at once advance a due row once; the
 * test-mode tick endpoint runs one tick at a given time.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, testConfig } from '../../server/config';
import type { Db } from '../../server/db/client';
import { Simulator } from '../../server/simulator';
import { simulatorSteps } from '../../server/simulator/steps';
import { makeApp, makeDb } from './helpers';
import { createProbeTable, failingStep, probeStep } from './simulatorProbe';

let db: Db;
const logs: unknown[] = [];
const log = {
  info: (...args: unknown[]) => void logs.push(args),
  error: (...args: unknown[]) => void logs.push(args),
};

beforeAll(async () => {
  db = await makeDb();
});
afterAll(() => db.close());

describe('the simulator', () => {
  it('is on by default, off with SIMULATOR=off, and off in tests', () => {
    expect(loadConfig({}).simulator).toBe(true);
    expect(loadConfig({ SIMULATOR: 'off' }).simulator).toBe(false);
    expect(loadConfig({ SIMULATOR: 'on', SIMULATOR_INTERVAL_MS: '250' })).toMatchObject({
      simulator: true,
      simulatorIntervalMs: 250,
    });
    expect(() => loadConfig({ SIMULATOR: 'sometimes' })).toThrow(/SIMULATOR must be on or off/);
    expect(testConfig().simulator).toBe(false);
    // Every registered step has a unique kebab-case name.
    const names = simulatorSteps.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it('runs every step at the given time; a failing step is logged and does not stop the others', async () => {
    await createProbeTable(db, 3, new Date('2026-03-02T09:00:00Z'));
    const simulator = new Simulator({
      db,
      intervalMs: 1000,
      now: Date.now,
      log,
      steps: [failingStep, probeStep],
    });
    // Not due yet at an earlier time.
    expect(await simulator.tick(new Date('2026-03-02T08:59:00Z'))).toEqual({
      failing: { error: 'the provider is down' },
      probe: 0,
    });
    expect(await simulator.tick(new Date('2026-03-02T09:00:00Z'))).toEqual({
      failing: { error: 'the provider is down' },
      probe: 3,
    });
    expect(JSON.stringify(logs)).toContain('simulator step failed');
  });

  it('advances a due row once when two runners tick at once', async () => {
    await createProbeTable(db, 20, new Date(0));
    const a = new Simulator({ db, intervalMs: 1000, now: Date.now, log, steps: [probeStep] });
    const b = new Simulator({ db, intervalMs: 1000, now: Date.now, log, steps: [probeStep] });
    const [ra, rb] = await Promise.all([a.tick(), b.tick()]);
    expect((ra.probe as number) + (rb.probe as number)).toBe(20);
    const { rows } = await db.query<{ advanced: number; n: number }>(
      'SELECT advanced, count(*)::int AS n FROM simulator_probe GROUP BY advanced',
    );
    expect(rows).toEqual([{ advanced: 1, n: 20 }]);
  });

  it('ticks on its interval once the app is ready, and stops when the app closes', async () => {
    await createProbeTable(db, 1, new Date(0));
    const t = await makeApp({ simulator: true, simulatorIntervalMs: 100 }, { db });
    await vi.waitFor(() => expect(t.app.simulator.ticks).toBeGreaterThanOrEqual(2), { timeout: 20_000 });
    expect(t.app.simulator.started).toBe(true);
    await t.close();
    expect(t.app.simulator.started).toBe(false);
    const off = await makeApp({}, { db });
    expect(off.app.simulator.started).toBe(false);
    await off.close();
  });

  it('runs one tick at a given time through the test-mode endpoint (E2E_RESET only)', async () => {
    const t = await makeApp({ e2eReset: true }, { db });
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/testing/simulator/tick',
      payload: { at: '2026-03-02T09:10:00Z' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ moved: expect.any(Object) });
    await t.close();
    const normal = await makeApp({}, { db });
    const missing = await normal.app.inject({
      method: 'POST',
      url: '/v1/testing/simulator/tick',
      payload: {},
    });
    expect(missing.statusCode).toBe(404);
    await normal.close();
  });
});
