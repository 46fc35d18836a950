// drizzle-kit for PostgreSQL: `npm run db:generate` also writes a migration for a change of
// schema-pg.ts into migrations-pg/ (PostgreSQL's own history, beside SQLite's migrations/).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema-pg.ts',
  out: process.env.DRIZZLE_OUT ?? './migrations-pg',
});
