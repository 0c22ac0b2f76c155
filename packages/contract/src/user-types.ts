/** The two user types of SPEC.md §1; GET /api/users/types lists them. */
export const userTypes = ['administrator', 'cashier'] as const;
export type UserType = (typeof userTypes)[number];

export const userTypeLabels: Record<UserType, string> = {
  administrator: 'Administrator',
  cashier: 'Cashier',
};

/** What each type may do, in a sentence, for the staff screens and the API docs. */
export const userTypeDescriptions: Record<UserType, string> = {
  administrator: 'Runs the whole business: catalogue, stock, purchasing, staff, customers, reports.',
  cashier: 'Opens registers of their outlet, counts the drawer, sells, and looks after customers.',
};
