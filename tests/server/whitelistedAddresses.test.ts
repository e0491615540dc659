/**
 * /v1/whitelisted-addresses (docs/decisions.md 138–142): list, read, create and delete with
 * WHITELIST_ADDRESSES over the seven demo accounts; another organisation's addresses are a 404; a new
 * address is checked against its network's format and checksum (400 on its field, nothing saved); a
 * destination already whitelisted is 409, also for two requests at once; creating and deleting need the
 * 2FA code when 2FA is on; each change writes one audit row in its transaction, a refused one none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { AURORA, BOREALIS, DEMO_ACCOUNTS } from '../../server/db/seed';
import { makeApp, twoFaCodeAt, type TestApp, demoMay, nextTwoFaCode } from './helpers';

let t: TestApp;
const tokens = new Map<string, string>();
const ADMIN = 'admin@example.com';
const TWOFA = 'twofa@example.com';
const URL = '/v1/whitelisted-addresses';

beforeAll(async () => {
  t = await makeApp();
  for (const account of DEMO_ACCOUNTS) {
    const code = account.totpSecret ? { twoFaCode: twoFaCodeAt(t.clock.now()) } : {};
    tokens.set(account.email, await t.token(account.email, code));
  }
});
afterAll(() => t.close());

const headersOf = (email: string, code?: string) => ({
  ...t.auth(tokens.get(email)!),
  ...(code ? { 'x-2fa-code': code } : {}),
});

const create = (body: Record<string, unknown>, email = ADMIN, code?: string) =>
  t.app.inject({ method: 'POST', url: URL, headers: headersOf(email, code), payload: body });
const remove = (id: number, email = ADMIN, code?: string) =>
  t.app.inject({ method: 'DELETE', url: `${URL}/${id}`, headers: headersOf(email, code) });
const get = (url: string, email = ADMIN) => t.app.inject({ method: 'GET', url, headers: headersOf(email) });

const TRON = {
  label: 'Supplier',
  currency: 'USDT',
  network: 'TRX',
  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
};

const count = async (where = 'TRUE', params: unknown[] = []) =>
  Number(
    (
      await t.db.query<{ n: string }>(
        `SELECT count(*) AS n FROM whitelisted_addresses WHERE ${where}`,
        params,
      )
    ).rows[0].n,
  );
const auditRows = async () =>
  (
    await t.db.query<{
      action: string;
      entity_id: string;
      actor_label: string;
      organisation_id: number;
      changes: Record<string, { before: unknown; after: unknown }>;
    }>(
      `SELECT action, entity_id, actor_label, organisation_id, changes FROM audit_log
        WHERE entity_type = 'whitelisted-address' AND outcome = 'success' ORDER BY id`,
    )
  ).rows;

describe('the list and one address', () => {
  it("lists Aurora's ten demo addresses, newest first, never Borealis's", async () => {
    const response = await get(`${URL}?limit=100`);
    expect(response.statusCode, response.body).toBe(200);
    const { addresses, total } = response.json() as {
      addresses: { label: string; createdAt: string; currency: string; destinationTag: string | null }[];
      total: number;
    };
    expect(total).toBe(10);
    expect(addresses.map((a) => a.label)).not.toContain('Borealis reserve');
    const dates = addresses.map((a) => a.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(addresses.map((a) => a.currency))).toEqual(new Set(['BTC', 'ETH', 'USDT', 'XRP', 'USDC']));
    expect(addresses.filter((a) => a.currency === 'XRP').every((a) => a.destinationTag !== null)).toBe(true);
  });

  it('searches, sorts and pages through the list helper', async () => {
    const found = (await get(`${URL}?q=treasury`)).json();
    expect(found.addresses.map((a: { label: string }) => a.label).sort()).toEqual([
      'Solana treasury',
      'Treasury cold wallet',
    ]);
    const sorted = (await get(`${URL}?sortBy=label&order=asc&limit=2&offset=2`)).json();
    expect(sorted.total).toBe(10);
    expect(sorted.addresses.map((a: { label: string }) => a.label)).toEqual(['Market maker', 'OTC desk']);
    expect((await get(`${URL}?sortBy=address`)).statusCode).toBe(400);
  });

  it('reads one address, and answers 404 for another organisation’s', async () => {
    const { rows } = await t.db.query<{ id: number; organisation_id: number }>(
      'SELECT id, organisation_id FROM whitelisted_addresses ORDER BY id',
    );
    const own = rows.find((r) => r.organisation_id === AURORA)!;
    const foreign = rows.find((r) => r.organisation_id === BOREALIS)!;
    const response = await get(`${URL}/${own.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: own.id, createdBy: { id: 1, email: ADMIN } });
    const other = await get(`${URL}/${foreign.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: ERROR_TEXTS.notFound });
    const removed = await remove(foreign.id);
    expect(removed.statusCode).toBe(404);
    expect(await count('id = $1', [foreign.id])).toBe(1);
  });
});

describe('permissions × the seven demo accounts', () => {
  it.each(DEMO_ACCOUNTS.map((a) => a.email))('%s', async (email) => {
    const allowed = demoMay(email, 'WHITELIST_ADDRESSES');
    const code = () => (email === TWOFA ? nextTwoFaCode(t) : undefined);
    expect((await get(URL, email)).statusCode).toBe(allowed ? 200 : 403);
    const { rows } = await t.db.query<{ id: number }>(
      'SELECT id FROM whitelisted_addresses WHERE organisation_id = $1 ORDER BY id LIMIT 1',
      [AURORA],
    );
    expect((await get(`${URL}/${rows[0].id}`, email)).statusCode).toBe(allowed ? 200 : 403);
    const tag = String(DEMO_ACCOUNTS.findIndex((a) => a.email === email) + 1000);
    const body = {
      label: `Desk ${tag}`,
      currency: 'XRP',
      network: 'MAIN',
      address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
      destinationTag: tag,
    };
    const created = await create(body, email, code());
    expect(created.statusCode, created.body).toBe(allowed ? 201 : 403);
    if (!allowed) {
      expect(await count('destination_tag = $1', [tag])).toBe(0);
      expect((await remove(rows[0].id, email)).statusCode).toBe(403);
      expect(await count('id = $1', [rows[0].id])).toBe(1);
      return;
    }
    const deleted = await remove(created.json().id, email, code());
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await count('destination_tag = $1', [tag])).toBe(0);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: URL, payload: TRON })).statusCode).toBe(401);
  });
});

describe('creating and deleting', () => {
  it('creates an address, lists it and writes its audit row in the same transaction', async () => {
    const before = (await auditRows()).length;
    const response = await create({ ...TRON, label: '  Supplier payouts 2 ' });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      label: 'Supplier payouts 2',
      currency: 'USDT',
      network: 'TRX',
      address: TRON.address,
      destinationTag: null,
      createdBy: { id: 1, email: ADMIN },
      createdAt: new Date(t.clock.now()).toISOString(),
    });
    const listed = (await get(`${URL}?limit=100`)).json().addresses.map((a: { id: number }) => a.id);
    expect(listed).toContain(created.id);
    const rows = await auditRows();
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toEqual({
      action: 'create',
      entity_id: String(created.id),
      actor_label: ADMIN,
      organisation_id: AURORA,
      changes: {
        label: { before: null, after: 'Supplier payouts 2' },
        currency: { before: null, after: 'USDT' },
        network: { before: null, after: 'TRX' },
        address: { before: null, after: TRON.address },
      },
    });

    const deleted = await remove(created.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: created.id, address: TRON.address });
    expect(await count('id = $1', [created.id])).toBe(0);
    const after = await auditRows();
    expect(after.length).toBe(before + 2);
    expect(after.at(-1)).toMatchObject({
      action: 'delete',
      entity_id: String(created.id),
      changes: {
        label: { before: 'Supplier payouts 2', after: null },
        address: { before: TRON.address, after: null },
      },
    });
    // A second delete finds nothing, and writes nothing.
    expect((await remove(created.id)).statusCode).toBe(404);
    expect((await auditRows()).length).toBe(before + 2);
  });

  it.each([
    [
      { ...TRON, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' },
      { address: 'Not a valid Tron (TRC20) address' },
    ],
    [
      { ...TRON, network: 'ETH', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' },
      { address: 'Not a valid Ethereum (ERC20) address' },
    ],
    [
      { label: 'Cold', currency: 'BTC', network: 'MAIN', address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb' },
      { address: 'Not a valid Bitcoin address' },
    ],
    [{ ...TRON, currency: 'BTC' }, { network: 'Select a network the currency supports' }],
    [{ ...TRON, currency: 'EUR' }, { currency: 'Select a cryptocurrency' }],
    [
      { label: 'Desk', currency: 'XRP', network: 'MAIN', address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh' },
      { destinationTag: 'Destination tag is required' },
    ],
    [
      {
        label: 'Desk',
        currency: 'XRP',
        network: 'MAIN',
        address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
        destinationTag: 'x1',
      },
      { destinationTag: 'Destination tag must be a whole number' },
    ],
    [
      { ...TRON, destinationTag: '7' },
      { destinationTag: 'Only XRP and Stellar addresses take a destination tag' },
    ],
    [
      { ...TRON, label: '<script>', address: ' ' },
      { label: 'Label must not contain special characters', address: 'Address is required' },
    ],
  ])('refuses %j with field errors and saves nothing', async (body, errors) => {
    const rows = await count();
    const audits = (await auditRows()).length;
    const response = await create(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: ERROR_TEXTS.validation, errors });
    expect(await count()).toBe(rows);
    expect((await auditRows()).length).toBe(audits);
  });

  it('refuses unknown fields and a missing field (the body schema)', async () => {
    expect((await create({ ...TRON, memo: 'x' })).statusCode).toBe(400);
    const { address: _, ...noAddress } = TRON;
    expect((await create(noAddress)).statusCode).toBe(400);
  });
});

describe('duplicates', () => {
  it('answers 409 for an address the organisation has, under the network’s case rule', async () => {
    const audits = (await auditRows()).length;
    // A demo address, typed again (EVM: in another case).
    const again = await create({
      label: 'Again',
      currency: 'BTC',
      network: 'MAIN',
      address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'This address is already whitelisted',
      errors: { address: 'This address is already whitelisted' },
    });
    const lower = await create({
      label: 'Lower',
      currency: 'USDT',
      network: 'ETH',
      address: '0xd8da6bf26964af9d7eed9e03e53415d37aa96045',
    });
    expect(lower.statusCode).toBe(409);
    expect((await auditRows()).length).toBe(audits);
  });

  it('takes the same text on another chain, and the same XRP account with another tag', async () => {
    // Bitcoin's genesis address is a valid Bitcoin Cash legacy address: another ledger, another destination.
    const bch = await create({
      label: 'BCH twin',
      currency: 'BCH',
      network: 'MAIN',
      address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    });
    expect(bch.statusCode, bch.body).toBe(201);
    const tagged = await create({
      label: 'Second desk',
      currency: 'XRP',
      network: 'MAIN',
      address: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh',
      destinationTag: '87654321',
    });
    expect(tagged.statusCode, tagged.body).toBe(201);
    // Another organisation may whitelist Aurora's address.
    expect(await count('address = $1', ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'])).toBe(2);
  });

  it('lets one of two simultaneous requests for one address land', async () => {
    const body = {
      label: 'Race',
      currency: 'USDT',
      network: 'SOL',
      address: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    };
    const answers = await Promise.all([create(body), create(body), create(body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await count('address = $1', [body.address])).toBe(1);
  });

  it('is refused by the database itself, whatever the application checks', async () => {
    await expect(
      t.db.query(
        `INSERT INTO whitelisted_addresses (organisation_id, label, currency, network, chain, address, created_at)
         VALUES ($1, 'Direct', 'ETH', 'ETH', 'EVM_ETH', $2, now())`,
        [AURORA, '0xD8DA6BF26964AF9D7EED9E03E53415D37AA96045'],
      ),
    ).rejects.toMatchObject({ code: '23505' });
  });
});

describe('two-factor authentication', () => {
  const body = {
    label: 'Two factor',
    currency: 'ETH',
    network: 'ETH',
    address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  };

  it('needs a fresh code of a user with 2FA on, and a wrong one keeps the session', async () => {
    const missing = await create(body, TWOFA);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ message: ERROR_TEXTS.invalidTwoFaCode });
    const wrong = await create(body, TWOFA, '000000' === twoFaCodeAt(t.clock.now()) ? '111111' : '000000');
    expect(wrong.statusCode).toBe(401);
    expect(await count('address = $1', [body.address])).toBe(0);
    const code = nextTwoFaCode(t);
    const created = await create(body, TWOFA, code);
    expect(created.statusCode, created.body).toBe(201);
    const reused = await remove(created.json().id, TWOFA, code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ message: ERROR_TEXTS.invalidTwoFaCode });
    expect((await get(URL, TWOFA)).statusCode).toBe(200);
    expect((await remove(created.json().id, TWOFA, nextTwoFaCode(t))).statusCode).toBe(200);
  });

  it('does not spend the code on a refused address', async () => {
    const code = nextTwoFaCode(t);
    const refused = await create(
      { ...body, address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d35A' },
      TWOFA,
      code,
    );
    expect(refused.statusCode).toBe(400);
    const created = await create(body, TWOFA, code);
    expect(created.statusCode, created.body).toBe(201);
  });
});

describe('the audit row and the change are one transaction', () => {
  it('leaves neither when the audit row cannot be written', async () => {
    await t.db.exec(`
      CREATE FUNCTION refuse_address_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.entity_type = 'whitelisted-address' THEN RAISE EXCEPTION 'audit refused'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_address_audit BEFORE INSERT ON audit_log
        FOR EACH ROW EXECUTE FUNCTION refuse_address_audit();`);
    try {
      const body = {
        label: 'Rolled back',
        currency: 'LTC',
        network: 'MAIN',
        address: 'LTuoeY6RBHV3n3cfhXVVTbJbxzxnXs9ofm',
      };
      const failed = await create(body);
      expect(failed.statusCode).toBe(500);
      expect(await count('address = $1', [body.address])).toBe(0);
      const { rows } = await t.db.query<{ id: number }>(
        'SELECT id FROM whitelisted_addresses WHERE organisation_id = $1 ORDER BY id LIMIT 1',
        [AURORA],
      );
      expect((await remove(rows[0].id)).statusCode).toBe(500);
      expect(await count('id = $1', [rows[0].id])).toBe(1);
    } finally {
      await t.db.exec(
        'DROP TRIGGER refuse_address_audit ON audit_log; DROP FUNCTION refuse_address_audit();',
      );
    }
  });
});
