/**
 * The travel rule (docs/decisions.md 148–152): /v1/deposits/travel-rule lists the organisation's
 * deposits lacking originator data (the sidebar's badge is its `total`), and PATCH …/{id} sets the
 * originator with the form's rules — names such as "O'Brien" and "Nuñez-García" accepted — writing one
 * audit row in the same transaction. Permissions over the seven demo accounts, the organisation, the
 * hidden business, API keys, refused input that saves nothing, and two changes of one deposit at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { ageInDays, TRAVEL_RULE_MESSAGES } from '../../src/domain/travelRule';
import { IDENTITY_HEADER } from '../../src/domain/api';
import { BOREALIS, DEMO_API_KEY, HIDDEN_BUSINESS } from '../../server/db/seed';
import { PROBE_ORIGINATOR } from '../../server/modules/travelRule/routes';
import { makeApp, twoFaCodeAt, type TestApp } from './helpers';

let t: TestApp;
const tokens: Record<string, string> = {};

const ACCOUNTS = {
  'admin@example.com': { read: true, update: true },
  'manager@example.com': { read: true, update: true },
  'backoffice@example.com': { read: true, update: true },
  'support@example.com': { read: false, update: false },
  'integrator@example.com': { read: false, update: false },
  'viewer@example.com': { read: false, update: false },
  'twofa@example.com': { read: true, update: true },
} as const;

beforeAll(async () => {
  t = await makeApp();
  for (const email of Object.keys(ACCOUNTS)) {
    tokens[email] =
      email === 'twofa@example.com'
        ? await t.token(email, { twoFaCode: twoFaCodeAt(t.clock.now()) })
        : await t.token(email);
  }
});
afterAll(() => t.close());

interface Deposit {
  id: number;
  businessId: number;
  businessName: string;
  amount: string;
  currency: string;
  network: string;
  receivedAt: string;
  ageDays: number;
  originator: Record<string, string> | null;
}

const list = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/v1/deposits/travel-rule${query}`, headers: t.auth(token) });

const patch = (token: string, id: number, originator: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/v1/deposits/travel-rule/${id}`,
    headers: t.auth(token),
    payload: { originator },
  });

const admin = () => tokens['admin@example.com'];
const manager = () => tokens['manager@example.com'];

async function lacking(token = admin()): Promise<{ deposits: Deposit[]; total: number }> {
  const response = await list(token, '?limit=100');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const auditRows = async (id: number) =>
  (
    await t.db.query<{
      action: string;
      entity_type: string;
      changes: Record<string, unknown>;
      actor_label: string;
    }>(
      "SELECT action, entity_type, changes, actor_label FROM audit_log WHERE entity_type = 'deposit' AND entity_id = $1 ORDER BY id",
      [String(id)],
    )
  ).rows;

const stored = async (id: number) =>
  (await t.db.query('SELECT * FROM deposit_travel_rule WHERE id = $1', [id])).rows[0];

describe('the list of deposits lacking data', () => {
  it("lists Aurora's 12 seeded deposits, newest first, with business, amount, currency, network, receipt and age", async () => {
    const { deposits, total } = await lacking();
    expect(total).toBe(12);
    expect(deposits).toHaveLength(12);
    const received = deposits.map((d) => d.receivedAt);
    expect(received).toEqual([...received].sort().reverse());
    for (const d of deposits) {
      expect(d.businessName).toEqual(expect.any(String));
      expect(d.amount).toMatch(/^\d+(\.\d+)?$/);
      expect(d.currency).toMatch(/^[A-Z0-9]+$/);
      expect(d.network).toMatch(/^[A-Z0-9]+$/);
      expect(d.originator).toBeNull();
      expect(d.ageDays).toBe(ageInDays(d.receivedAt, t.clock.now()));
    }
    expect(new Set(deposits.map((d) => d.businessId))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
  });

  it('gives the count alone with limit=1 (the badge), and sorts by amount', async () => {
    const one = (await list(admin(), '?limit=1')).json();
    expect(one.deposits).toHaveLength(1);
    expect(one.total).toBe((await lacking()).total);
    const byAmount = (await list(admin(), '?sortBy=amount&order=asc&limit=100')).json().deposits as Deposit[];
    const amounts = byAmount.map((d) => Number(d.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect((await list(admin(), '?sortBy=age')).statusCode).toBe(400);
  });

  it("never shows another organisation's deposits", async () => {
    const switched = await t.app.inject({
      method: 'POST',
      url: `/v1/auth/login/${BOREALIS}`,
      headers: t.auth(await t.token('admin@example.com')),
    });
    expect(switched.statusCode).toBe(200);
    const borealis = await lacking(String(switched.headers[IDENTITY_HEADER.toLowerCase()]));
    expect(borealis.total).toBe(2);
    expect(new Set(borealis.deposits.map((d) => d.businessId))).toEqual(new Set([10, 11]));
    const aurora = new Set((await lacking()).deposits.map((d) => d.id));
    expect(borealis.deposits.filter((d) => aurora.has(d.id))).toEqual([]);
  });
});

describe('permissions over the seven demo accounts', () => {
  it('reads with GET_DEPOSITS_WITHOUT_TRAVEL_RULE and updates with UPDATE_DEPOSITS_WITHOUT_TRAVEL_RULE only', async () => {
    const [first] = (await lacking()).deposits;
    for (const [email, may] of Object.entries(ACCOUNTS)) {
      const token = tokens[email];
      expect((await list(token)).statusCode, `${email} list`).toBe(may.read ? 200 : 403);
      const one = await t.app.inject({
        method: 'GET',
        url: `/v1/deposits/travel-rule/${first.id}`,
        headers: t.auth(token),
      });
      expect(one.statusCode, `${email} one`).toBe(may.read ? 200 : 403);
      const before = await auditRows(first.id);
      const response = await patch(token, first.id, {
        ...PROBE_ORIGINATOR,
        name: `Probe ${email.split('@')[0]}`,
      });
      expect(response.statusCode, `${email} patch: ${response.body}`).toBe(may.update ? 200 : 403);
      if (!may.update) {
        expect(response.json()).toEqual({ message: ERROR_TEXTS.forbidden });
        expect((await auditRows(first.id)).filter((r) => r.action === 'update')).toHaveLength(
          before.filter((r) => r.action === 'update').length,
        );
      }
    }
  });

  it('refuses API keys: the travel rule is not a scope a key can hold', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/deposits/travel-rule',
      headers: { authorization: `ApiKey ${DEMO_API_KEY}` },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('the hidden business', () => {
  it("is ADMIN's only: listed, read and changed by ADMIN, a 404 for the others", async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO deposit_travel_rule (id, organisation_id, business_id, received_at)
       SELECT id, organisation_id, business_id, created_at FROM payment_deposits
        WHERE business_id = $1 AND id NOT IN (SELECT id FROM deposit_travel_rule) ORDER BY id LIMIT 1
       RETURNING id`,
      [HIDDEN_BUSINESS],
    );
    const hidden = rows[0].id;
    try {
      expect((await lacking()).deposits.map((d) => d.id)).toContain(hidden);
      expect((await lacking(manager())).deposits.map((d) => d.id)).not.toContain(hidden);
      expect((await lacking(manager())).total).toBe((await lacking()).total - 1);
      const read = await t.app.inject({
        method: 'GET',
        url: `/v1/deposits/travel-rule/${hidden}`,
        headers: t.auth(manager()),
      });
      expect(read.statusCode).toBe(404);
      const refused = await patch(manager(), hidden, PROBE_ORIGINATOR);
      expect(refused.statusCode).toBe(404);
      expect((await stored(hidden)).originator_name).toBeNull();
      expect(await auditRows(hidden)).toEqual([]);
    } finally {
      await t.db.query('DELETE FROM deposit_travel_rule WHERE id = $1', [hidden]);
    }
  });
});

describe('updating the originator', () => {
  it("accepts names such as O'Brien and Nuñez-García, keeps them trimmed, and the deposit leaves the list", async () => {
    const { deposits, total } = await lacking();
    const target = deposits[deposits.length - 1];
    const response = await patch(manager(), target.id, {
      type: 'NATURAL',
      name: '  María Nuñez-García  ',
      address: "12 O'Connell Street",
      city: 'Dublin',
      country: 'IE',
      nationalIdentifierType: 'CCPT',
      nationalIdentifier: 'PX1234567',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().originator).toEqual({
      type: 'NATURAL',
      name: 'María Nuñez-García',
      address: "12 O'Connell Street",
      city: 'Dublin',
      country: 'IE',
      nationalIdentifierType: 'CCPT',
      nationalIdentifier: 'PX1234567',
    });
    expect(response.json().providedAt).toEqual(new Date(t.clock.now()).toISOString());
    const after = await lacking();
    expect(after.total).toBe(total - 1);
    expect(after.deposits.map((d) => d.id)).not.toContain(target.id);
    const legal = await patch(manager(), after.deposits[0].id, {
      ...PROBE_ORIGINATOR,
      type: 'LEGAL',
      name: "Seán O'Brien & Söhne GmbH",
      nationalIdentifierType: 'LEIX',
      nationalIdentifier: '5493001KJTIIGC8Y1R12',
    });
    expect(legal.statusCode, legal.body).toBe(200);
  });

  it('writes one audit row per change, the identifier masked', async () => {
    const [target] = (await lacking()).deposits;
    expect(await auditRows(target.id)).toEqual([]);
    expect((await patch(manager(), target.id, PROBE_ORIGINATOR)).statusCode).toBe(200);
    const rows = await auditRows(target.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'update',
      entity_type: 'deposit',
      actor_label: 'manager@example.com',
    });
    expect(rows[0].changes).toMatchObject({
      'originator.name': { before: null, after: PROBE_ORIGINATOR.name },
      'originator.country': { before: null, after: 'IE' },
      'originator.nationalIdentifier': { before: null, after: '•••••4567' },
    });
    expect(JSON.stringify(rows[0].changes)).not.toContain(PROBE_ORIGINATOR.nationalIdentifier);
  });

  it('refuses bad input with field errors, saves nothing and writes no audit row', async () => {
    const [target] = (await lacking()).deposits;
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        {},
        {
          'originator.type': TRAVEL_RULE_MESSAGES.originatorTypeRequired,
          'originator.name': TRAVEL_RULE_MESSAGES.originatorNameRequired,
          'originator.address': TRAVEL_RULE_MESSAGES.originatorAddressRequired,
          'originator.city': TRAVEL_RULE_MESSAGES.originatorCityRequired,
          'originator.country': TRAVEL_RULE_MESSAGES.originatorCountryRequired,
          'originator.nationalIdentifierType': TRAVEL_RULE_MESSAGES.nationalIdentifierTypeRequired,
          'originator.nationalIdentifier': TRAVEL_RULE_MESSAGES.nationalIdentifierRequired,
        },
      ],
      [
        { ...PROBE_ORIGINATOR, type: 'ROBOT', country: 'XX', nationalIdentifierType: 'ABCD' },
        {
          'originator.type': TRAVEL_RULE_MESSAGES.originatorTypeInvalid,
          'originator.country': TRAVEL_RULE_MESSAGES.originatorCountryInvalid,
          'originator.nationalIdentifierType': TRAVEL_RULE_MESSAGES.nationalIdentifierTypeInvalid,
        },
      ],
      [
        { ...PROBE_ORIGINATOR, name: '<script>', city: 'Dub"lin', nationalIdentifier: 'AB;12' },
        {
          'originator.name': TRAVEL_RULE_MESSAGES.originatorNamePattern,
          'originator.city': TRAVEL_RULE_MESSAGES.originatorPlacePattern,
          'originator.nationalIdentifier': TRAVEL_RULE_MESSAGES.nationalIdentifierPattern,
        },
      ],
      [
        { ...PROBE_ORIGINATOR, name: '   ' },
        { 'originator.name': TRAVEL_RULE_MESSAGES.originatorNameRequired },
      ],
    ];
    for (const [originator, errors] of cases) {
      const response = await patch(manager(), target.id, originator);
      expect(response.statusCode, JSON.stringify(originator)).toBe(400);
      expect(response.json()).toEqual({ message: ERROR_TEXTS.validation, errors });
    }
    const unknown = await patch(manager(), target.id, { ...PROBE_ORIGINATOR, email: 'x@example.com' });
    expect(unknown.statusCode).toBe(400);
    // The schema's own check names an unknown field by its name (as in every nested body).
    expect(unknown.json().errors).toEqual({ email: 'is not a known field' });
    expect((await stored(target.id)).originator_name).toBeNull();
    expect(await auditRows(target.id)).toEqual([]);
    expect((await lacking()).deposits.map((d) => d.id)).toContain(target.id);
  });

  it("answers 404 for a deposit the rule does not apply to, or another organisation's", async () => {
    const { rows } = await t.db.query<{ id: number }>(
      'SELECT id FROM payment_deposits WHERE id NOT IN (SELECT id FROM deposit_travel_rule) ORDER BY id LIMIT 1',
    );
    expect((await patch(admin(), rows[0].id, PROBE_ORIGINATOR)).statusCode).toBe(404);
    const { rows: foreign } = await t.db.query<{ id: number }>(
      'SELECT id FROM deposit_travel_rule WHERE organisation_id <> 1 ORDER BY id LIMIT 1',
    );
    expect((await patch(admin(), foreign[0].id, PROBE_ORIGINATOR)).statusCode).toBe(404);
    expect((await stored(foreign[0].id)).originator_name).toBeNull();
    expect(await auditRows(foreign[0].id)).toEqual([]);
  });

  it('runs two changes of one deposit at once one after the other: the later is kept, each audited once', async () => {
    const { deposits, total } = await lacking();
    const target = deposits[0];
    const [a, b] = await Promise.all([
      patch(manager(), target.id, { ...PROBE_ORIGINATOR, name: 'Aoife First' }),
      patch(admin(), target.id, { ...PROBE_ORIGINATOR, name: 'Bríd Second' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = await auditRows(target.id);
    expect(rows).toHaveLength(2);
    const [first, second] = rows.map(
      (r) => r.changes['originator.name'] as { before: unknown; after: unknown },
    );
    // The second change replaced what the first one wrote: no change is lost from the history.
    expect(first.before).toBeNull();
    expect(second.before).toBe(first.after);
    expect((await stored(target.id)).originator_name).toBe(second.after);
    expect((await lacking()).total).toBe(total - 1);
  });
});
