import { count, eq } from 'drizzle-orm';
import { adjustPoints, phoneDigitsOf } from '../modules/customers/service.ts';
import { createUser, findUserByLogin } from '../modules/users/service.ts';
import type { Db } from '../db/client.ts';
import { customerNotes, customers, outlets } from '../db/schema/index.ts';

/** A cashier per demo outlet (README: demo accounts). */
export const demoOutletCashiers = [
  { username: 'harbour', password: 'password', name: 'Hana Harbour', outletCode: 'HRB' },
  { username: 'market', password: 'password', name: 'Marco Market', outletCode: 'MKT' },
] as const;

const firstNames = [
  'Olivia', 'Liam', 'Amara', 'Noah', 'Sofia', 'Mateo', 'Priya', 'Ethan', 'Chloe', 'Kenji', 'Fatima', 'Lucas', 'Ingrid', 'Omar',
  'Grace', 'Diego', 'Aisha', 'Henry', 'Mei', 'Samuel', 'Zoe', 'Tomás', 'Leila', 'Jack', 'Nadia',
];
const lastNames = [
  'Walker', 'Okafor', 'Nguyen', 'Schmidt', 'García', 'Patel', 'Kowalski', 'Murphy', 'Tanaka', 'Haddad', 'Jensen', 'Rossi',
  'Campbell', 'Silva', 'Novak', 'Brennan', 'Mensah', 'Lindqvist', 'Dubois', 'Chen',
];
const streets = ['Harbour Road', 'Market Square', 'Mill Lane', 'Station Street', 'Orchard Close', 'Quay Side'];
const noteTexts = [
  'Prefers paper bags.',
  'Allergic to nuts — check the labels with them.',
  'Collects a standing order on Fridays.',
  'Ask about the loyalty card next visit.',
  'Likes to be told when the sourdough arrives.',
];

const CUSTOMER_COUNT = 100;

/**
 * Demo staff and customers: a cashier per demo outlet, about 100 customers (some with e-mail or
 * phone), a few notes and a few points entries. Does nothing that is already there.
 */
export async function loadDemoPeople(db: Db, adminId: number | null): Promise<{ cashiers: number; customers: number }> {
  let cashiers = 0;
  for (const cashier of demoOutletCashiers) {
    if (await findUserByLogin(db, cashier.username)) continue;
    const [outlet] = await db.select({ id: outlets.id }).from(outlets).where(eq(outlets.code, cashier.outletCode)).limit(1);
    if (!outlet) continue;
    await createUser(db, { username: cashier.username, password: cashier.password, name: cashier.name, type: 'cashier', outletId: outlet.id });
    cashiers += 1;
  }

  const [existing] = await db.select({ n: count() }).from(customers);
  if ((existing?.n ?? 0) > 0) return { cashiers, customers: 0 };

  const rows = Array.from({ length: CUSTOMER_COUNT }, (_, i) => {
    const first = firstNames[i % firstNames.length] as string;
    const last = lastNames[(i * 7) % lastNames.length] as string;
    // (i mod 25, i mod 20) differ for every i below 100: no two customers share a name.
    const name = `${first} ${last}`;
    const hasEmail = i % 3 !== 2;
    const hasPhone = i % 4 !== 3;
    const slug = name
      .normalize('NFD')
      .replace(/[^\w\s]/g, '')
      .toLowerCase()
      .replace(/\s+/g, '.');
    const phone = hasPhone ? `+1 (555) ${String(100 + i).padStart(3, '0')}-${String(1000 + i * 37).slice(-4)}` : null;
    const createdAt = new Date(Date.UTC(2026, 0, 1) + i * 2.7 * 24 * 3600 * 1000);
    return {
      name,
      email: hasEmail ? `${slug}.${i}@example.test` : null,
      phone,
      phoneDigits: phoneDigitsOf(phone),
      address: i % 5 === 0 ? `${(i % 90) + 1} ${streets[i % streets.length]}` : null,
      birthday: i % 6 === 0 ? `${1960 + (i % 40)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}` : null,
      marketingConsent: i % 3 === 0,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const inserted = await db.insert(customers).values(rows).returning({ id: customers.id });

  for (const [i, text] of noteTexts.entries()) {
    const customer = inserted[i * 9];
    if (customer) await db.insert(customerNotes).values({ customerId: customer.id, userId: adminId, body: text, printOnReceipt: i === 1 });
  }
  for (const [i, customer] of inserted.slice(0, 8).entries()) {
    await adjustPoints(db, customer.id, { delta: 50 + i * 25, reason: 'Welcome bonus', kind: 'adjusted', userId: adminId });
    if (i % 2 === 0) await adjustPoints(db, customer.id, { delta: -20, reason: 'Correction after a returned item', kind: 'adjusted', userId: adminId });
  }
  return { cashiers, customers: inserted.length };
}
