import { timestamp } from 'drizzle-orm/pg-core';

/** Timestamps are always stored with time zone and read as Date. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => tstz('created_at').notNull().defaultNow();
export const updatedAt = () => tstz('updated_at').notNull().defaultNow();
