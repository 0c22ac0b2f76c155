import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDriver, type TestDatabase } from '../testing/test-database.ts';
import { executeOne, executePrepared, NAMED_STATEMENTS_MAX } from './execute.ts';

/**
 * `executePrepared` runs the product search's statements as named statements on PostgreSQL
 * (decision 035): the answers must be those of the parameters given at each run, also once
 * PostgreSQL keeps one generic plan for the text (after five runs), and the number of names one
 * process gives out stays bounded.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table shelf (id int primary key, word text not null)`);
  await database.db.execute(sql`insert into shelf select g, 'w' || (g % 7) from generate_series(1, 700) g`);
  await database.db.execute(sql`create index shelf_word on shelf (word, id)`);
});
afterAll(() => database.drop());

describe('statements run by name', () => {
  it('answer for the parameters of each run, the same text run a dozen times over', async () => {
    const statement = (word: string, limit: number) =>
      sql`select count(*)::int as n, min(id)::int as first from (select id from shelf where word = ${word} order by id limit ${limit}) s`;
    for (let run = 0; run < 12; run++) {
      const word = `w${run % 7}`;
      const [row] = await executePrepared<{ n: number; first: number }>(database.db, statement(word, 10 + run));
      const plain = await executeOne<{ n: number; first: number }>(database.db, statement(word, 10 + run));
      expect(row).toEqual(plain);
      expect(row).toEqual({ n: 10 + run, first: run % 7 === 0 ? 7 : run % 7 });
    }
  });

  it('run past the number of names given out, and keep that number', async () => {
    for (let i = 0; i < NAMED_STATEMENTS_MAX + 10; i++) {
      const [row] = await executePrepared<{ n: number; named: number }>(
        database.db,
        sql.raw(`select ${i}::int as n, (select count(*) from pg_prepared_statements)::int as named`),
      );
      expect(row?.n).toBe(i);
      expect(row?.named).toBeLessThanOrEqual(NAMED_STATEMENTS_MAX);
      if (testDriver === 'pglite') expect(row?.named).toBe(0);
    }
  });

  it('answer a statement that fails with its error, and run it again afterwards', async () => {
    const failing = (id: number) => sql`select (1 / (${id}::int - 3))::int as n`;
    const error: unknown = await executePrepared(database.db, failing(3)).catch((e: unknown) => e);
    expect(String((error as { cause?: unknown }).cause ?? error)).toMatch(/division by zero/);
    expect(await executePrepared(database.db, failing(4))).toEqual([{ n: 1 }]);
  });
});
