/**
 * docs/architecture.md 'Layers': a server module's `routes.ts` declares routes and calls its service or
 * repository; its SQL lives in `repository.ts`. This reads every module's routes for a query call or an
 * SQL statement, so SQL that comes back into a route fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = 'server/modules';
const SQL = [/\.query\s*[<(]/, /\b(SELECT|INSERT INTO|DELETE FROM|UPDATE\s+\w+\s+SET|FOR UPDATE)\b/];

const modules = readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(MODULES, entry.name, 'routes.ts')))
  .map((entry) => entry.name);

describe("the server modules' shape", () => {
  it('finds the modules', () => {
    expect(modules.length).toBeGreaterThan(20);
  });

  it('keeps SQL out of every routes.ts', () => {
    const offenders = modules.flatMap((name) =>
      readFileSync(join(MODULES, name, 'routes.ts'), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          SQL.some((pattern) => pattern.test(line)) ? [`${name}/routes.ts:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});
