import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The folder boundaries of DESIGN.md §2 are lint rules (eslint.config.js). These cases prove the
 * rules fire on a crossing and stay quiet on a legal import, so a config change cannot switch them
 * off unnoticed. The probes are linted as if they lived at the given path; nothing is written.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function boundaryProblemsOf(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'import-x/no-cycle');
}

// Linting loads the whole config and follows imports for cycles: seconds on a busy machine.
describe('lint boundaries', { timeout: 120_000 }, () => {
  it('reports a feature importing another feature, and allows its own files, components/ and lib/', async () => {
    const crossing = await boundaryProblemsOf(
      'apps/web/src/features/customers/probe.ts',
      "import { useStaffUsers } from '../users/api.ts';\nexport const probe = useStaffUsers;\n",
    );
    expect(crossing).toHaveLength(1);
    expect(crossing[0]?.message).toMatch(/A feature never imports another feature/);

    const legal = await boundaryProblemsOf(
      'apps/web/src/features/customers/probe.ts',
      [
        "import { useCustomers } from './api.ts';",
        "import { ResourceListPage } from '../../components/resource-list-page.tsx';",
        "import { queryKeys } from '../../lib/query-keys.ts';",
        'export const probe = [useCustomers, ResourceListPage, queryKeys];',
      ].join('\n'),
    );
    expect(legal).toEqual([]);
  });

  it('keeps app/ out of features, components and lib, and features out of components and lib', async () => {
    const intoApp = await boundaryProblemsOf('apps/web/src/features/customers/probe.ts', "import { Shell } from '../../app/shell.tsx';\nexport const probe = Shell;\n");
    expect(intoApp.map((m) => m.message)).toEqual([expect.stringMatching(/Only the app imports app\//)]);

    const kitIntoFeature = await boundaryProblemsOf('apps/web/src/components/probe.ts', "import { useCustomers } from '../features/customers/api.ts';\nexport const probe = useCustomers;\n");
    expect(kitIntoFeature.map((m) => m.message)).toEqual([expect.stringMatching(/components\/ and lib\/ serve every feature/)]);
  });

  it('lets a server module reach another only through its service.ts, and keeps lib/ out of modules/', async () => {
    const internals = await boundaryProblemsOf('apps/server/src/modules/customers/probe.ts', "import * as read from '../orders/read.ts';\nexport const probe = read;\n");
    expect(internals.map((m) => m.message)).toEqual([expect.stringMatching(/only through its service\.ts/)]);

    const service = await boundaryProblemsOf('apps/server/src/modules/customers/probe.ts', "import * as settings from '../settings/service.ts';\nexport const probe = settings;\n");
    expect(service).toEqual([]);

    const libIntoModule = await boundaryProblemsOf('apps/server/src/lib/probe.ts', "import * as users from '../modules/users/service.ts';\nexport const probe = users;\n");
    expect(libIntoModule.map((m) => m.message)).toEqual([expect.stringMatching(/lib\/ and db\/ do not import modules\//)]);
  });

  it('reports an import cycle', async () => {
    // The fixture folder is ignored in the normal lint run; here it is linted on purpose.
    const fixtures = new ESLint({ cwd: root, ignore: false });
    const [result] = await fixtures.lintFiles([path.join(root, 'apps/web/src/testing/lint-fixtures/cycle-a.ts')]);
    expect(result?.messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle']);
  });
});
