/** The seed's neighbours. They sign in with their email and SEED_PASSWORD. */
export interface SeedUser {
  firstName: string;
  lastName: string;
  email: string;
}

/** One password for every seeded account, so that a developer can sign in as any of them. */
export const SEED_PASSWORD = 'waco-neighbours';

export const SEED_USERS: SeedUser[] = [
  { firstName: 'Maria', lastName: 'Gonzalez', email: 'maria.gonzalez@example.com' },
  { firstName: 'James', lastName: 'Whitfield', email: 'james.whitfield@example.com' },
  { firstName: 'Keisha', lastName: 'Brown', email: 'keisha.brown@example.com' },
  { firstName: 'Tom', lastName: 'Nguyen', email: 'tom.nguyen@example.com' },
  { firstName: 'Sarah', lastName: 'Mitchell', email: 'sarah.mitchell@example.com' },
  { firstName: 'David', lastName: 'Ramirez', email: 'david.ramirez@example.com' },
  { firstName: 'Emily', lastName: 'Carter', email: 'emily.carter@example.com' },
  { firstName: 'Marcus', lastName: 'Johnson', email: 'marcus.johnson@example.com' },
  { firstName: 'Priya', lastName: 'Patel', email: 'priya.patel@example.com' },
  { firstName: 'Hank', lastName: 'Dawson', email: 'hank.dawson@example.com' },
];
