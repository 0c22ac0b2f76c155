import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { execute, executeOne } from './execute.ts';

/**
 * The database functions' sources live in db/functions/<name>.sql and reach the database only
 * through migrations (docs/decisions/019-database-functions.md). This holds the two equal: what
 * the migrated database runs is, character for character, the body in the file, under the same
 * name, arguments, result, language and volatility. Types are compared as the database spells
 * them (int → integer), so the check reads the same on PGlite (PostgreSQL 18) and PostgreSQL 15.
 */

const functionsFolder = path.resolve(import.meta.dirname, 'functions');

type Definition = { name: string; arguments: string; result: string; language: string; volatility: string; config: string[] | null; source: string };

const VOLATILITY: Record<string, string> = { IMMUTABLE: 'i', STABLE: 's', VOLATILE: 'v' };

// Only the options the functions use; a file with others fails here until the test learns them.
const HEADER =
  /^CREATE OR REPLACE FUNCTION (\w+)\(([^)]*)\) RETURNS (.+?) LANGUAGE (\w+)(?: (IMMUTABLE|STABLE|VOLATILE))?((?: SET (?:plan_cache_mode|enable_seqscan) = \w+)*) AS \$\$([\s\S]*)\$\$;\s*$/;

function readFunctionFile(file: string): Definition {
  const text = readFileSync(path.join(functionsFolder, file), 'utf8');
  const statement = text.replace(/^(?:--.*\n|\s*\n)*/, '');
  const match = HEADER.exec(statement);
  if (!match) throw new Error(`${file}: expected one CREATE OR REPLACE FUNCTION ... AS $$ ... $$; after its comments`);
  const [, name = '', args = '', result = '', language = '', volatility = 'VOLATILE', settings = '', source = ''] = match;
  expect(`${name}.sql`, 'a file is named after its function').toBe(file);
  const config = [...settings.matchAll(/ SET (\w+) = (\w+)/g)].map(([, setting, value]) => `${setting}=${value}`);
  return { name, arguments: args, result, language, volatility: VOLATILITY[volatility] ?? volatility, config: config.length ? config : null, source };
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/** `a int, b timestamptz` → `a integer, b timestamp with time zone`, as pg_get_function_arguments writes it. */
async function canonicalParameters(list: string): Promise<string> {
  const parameters = list.split(',').map((p) => p.trim()).filter(Boolean);
  const canonical = await Promise.all(
    parameters.map(async (parameter) => {
      const [, name, type] = /^(\w+)\s+(.+)$/.exec(parameter) ?? [];
      if (!name || !type) throw new Error(`unreadable parameter: ${parameter}`);
      return `${name} ${await canonicalType(type)}`;
    }),
  );
  return canonical.join(', ');
}

async function canonicalType(type: string): Promise<string> {
  const row = await executeOne<{ type: string }>(database.db, sql`select ${type}::regtype::text as type`);
  return row!.type;
}

async function canonicalResult(result: string): Promise<string> {
  const table = /^TABLE\s*\((.*)\)$/i.exec(result.trim());
  return table ? `TABLE(${await canonicalParameters(table[1]!)})` : canonicalType(result);
}

describe('database functions', () => {
  it('are in the migrated database exactly as in db/functions/*.sql, and no others', async () => {
    const installed = await execute<Definition>(
      database.db,
      sql`select p.proname as name, pg_get_function_arguments(p.oid) as arguments, pg_get_function_result(p.oid) as result,
            l.lanname as language, p.provolatile::text as volatility, p.proconfig as config, p.prosrc as source
          from pg_proc p join pg_language l on l.oid = p.prolang
          where p.pronamespace = 'public'::regnamespace
            -- pg_trgm's functions belong to the extension, not to the migrations.
            and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
          order by p.proname`,
    );
    const files = readdirSync(functionsFolder).filter((f) => f.endsWith('.sql')).sort();
    const expected: Definition[] = [];
    for (const file of files) {
      const definition = readFunctionFile(file);
      expected.push({
        ...definition,
        arguments: await canonicalParameters(definition.arguments),
        result: await canonicalResult(definition.result),
      });
    }
    expect(installed.map((f) => f.name)).toEqual(expected.map((f) => f.name));
    for (const [i, definition] of expected.entries()) {
      expect(installed[i], `${definition.name}: migrate a change as the file's text`).toEqual(definition);
    }
  });
});
