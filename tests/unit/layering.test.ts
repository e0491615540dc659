/**
 * The layering of docs/architecture.md#layers is checked by ESLint (eslint-plugin-import's no-cycle and no-restricted-paths
 * in eslint.config.js). These tests lint small sources as if they were files of the tree, so a rule
 * that stops firing (a wrong path, a resolver that finds nothing) fails here, not silently.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

// ESLint parses the dependency graph on first use: seconds on a busy machine, far from this limit.
describe('layering', { timeout: 60_000 }, () => {
  it('the transport importing the session controller (which imports it) is a cycle', async () => {
    const ids = await ruleIds(
      'src/api/transport.ts',
      "import { createSessionController } from '../authProvider/controller';\nexport const x = createSessionController;\n",
    );
    expect(ids).toContain('import/no-cycle');
    expect(ids).toContain('import/no-restricted-paths');
  });

  it('a lower layer may not import a higher one', async () => {
    expect(
      await ruleIds('src/domain/x.ts', "import { Layout } from '../layout';\nexport const y = Layout;\n"),
    ).toContain('import/no-restricted-paths');
    expect(
      await ruleIds('src/layout/x.ts', "import r from '../resources/registry';\nexport const y = r;\n"),
    ).toContain('import/no-restricted-paths');
  });

  it('only App.tsx reads a registry; a feature may import the layout', async () => {
    const registry = "import { pages } from './customPages/registry';\nexport const y = pages;\n";
    expect(await ruleIds('src/App.tsx', registry)).not.toContain('import/no-restricted-paths');
    expect(await ruleIds('src/declarations.ts', registry)).toContain('import/no-restricted-paths');
    const view = "import { useResponseDialog } from '../../layout';\nexport const y = useResponseDialog;\n";
    expect(await ruleIds('src/customPages/changePassword/View.tsx', view)).toEqual([]);
  });

  it('a view shared by a page and a resource is a feature: above the layout, below resources and pages', async () => {
    const feature =
      "import { StatisticsView } from '../../features/statistics/StatisticsView';\nexport const y = StatisticsView;\n";
    expect(await ruleIds('src/resources/businesses/X.tsx', feature)).toEqual([]);
    expect(await ruleIds('src/customPages/statistics/X.tsx', feature)).toEqual([]);
    expect(
      await ruleIds(
        'src/layout/X.tsx',
        "import { StatisticsView } from '../features/statistics/StatisticsView';\nexport const y = StatisticsView;\n",
      ),
    ).toContain('import/no-restricted-paths');
    expect(
      await ruleIds(
        'src/features/statistics/X.tsx',
        "import { messageOf } from '../../layout';\nexport const y = messageOf;\n",
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        'src/features/statistics/X.tsx',
        "import r from '../../resources/businesses';\nexport const y = r;\n",
      ),
    ).toContain('import/no-restricted-paths');
  });

  it('the public screens stay free of the admin; the server imports only src/domain', async () => {
    expect(
      await ruleIds('src/public/X.tsx', "import { Layout } from '../layout';\nexport const y = Layout;\n"),
    ).toContain('import/no-restricted-paths');
    expect(
      await ruleIds('server/x.ts', "import { ApiError } from '../src/api';\nexport const y = ApiError;\n"),
    ).toContain('import/no-restricted-paths');
    expect(
      await ruleIds(
        'server/x.ts',
        "import { MESSAGES } from '../src/domain/validation';\nexport const y = MESSAGES;\n",
      ),
    ).toEqual([]);
  });

  it('request code cannot forge an organisation scope: no systemScope, no cast to OrgScope', async () => {
    const system = (path: string) =>
      `import { systemScope } from '${path}';\nexport const y = systemScope(2);\n`;
    expect(await ruleIds('server/modules/balances/x.ts', system('../../auth/systemScope'))).toContain(
      'import/no-restricted-paths',
    );
    expect(await ruleIds('server/http/x.ts', system('../auth/systemScope'))).toContain(
      'import/no-restricted-paths',
    );
    expect(await ruleIds('server/app2.ts', system('./auth/systemScope'))).toContain(
      'import/no-restricted-paths',
    );
    expect(await ruleIds('server/db/seed/x.ts', system('../../auth/systemScope'))).toEqual([]);
    const cast =
      "import type { OrgScope } from '../../auth/scope';\nexport const y = { organisationId: 2 } as unknown as OrgScope;\n";
    expect(await ruleIds('server/modules/balances/x.ts', cast)).toContain('no-restricted-syntax');
  });

  it("a movement's simulator steps, and only they, post with systemScope (decision 203)", async () => {
    const system = (path: string) =>
      `import { systemScope } from '${path}';\nexport const y = systemScope(2);\n`;
    expect(await ruleIds('server/modules/payments/simulator.ts', system('../../auth/systemScope'))).toEqual(
      [],
    );
    expect(await ruleIds('server/modules/payments/routes.ts', system('../../auth/systemScope'))).toContain(
      'import/no-restricted-paths',
    );
    expect(
      await ruleIds('server/modules/payments/simulatorSteps.ts', system('../../auth/systemScope')),
    ).toContain('import/no-restricted-paths');
    // Not beside the runner: a step lives in its movement's module.
    expect(await ruleIds('server/simulator/x.ts', system('../auth/systemScope'))).toContain(
      'import/no-restricted-paths',
    );
    // The override keeps every other zone: the server still imports only src/domain from src.
    expect(
      await ruleIds(
        'server/modules/payments/simulator.ts',
        "import { ApiError } from '../../../src/api';\nexport const y = ApiError;\n",
      ),
    ).toContain('import/no-restricted-paths');
  });

  it("react-admin's <Admin> and polyglot stay out of the app (decision 206)", async () => {
    const admin = "import { Admin } from 'react-admin';\nexport const y = Admin;\n";
    expect(await ruleIds('src/App.tsx', admin)).toContain('no-restricted-imports');
    const polyglot = "import p from 'ra-i18n-polyglot';\nexport const y = p;\n";
    expect(await ruleIds('src/i18n/i18nProvider.ts', polyglot)).toContain('no-restricted-imports');
    const parts =
      "import { AdminContext, CoreAdminUI } from 'react-admin';\nexport const y = [AdminContext, CoreAdminUI];\n";
    expect(await ruleIds('src/App.tsx', parts)).not.toContain('no-restricted-imports');
  });
});
