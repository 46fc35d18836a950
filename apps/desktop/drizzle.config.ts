// drizzle-kit: `npx drizzle-kit generate` (in apps/desktop) writes a migration for a change of
// the local store's schema into migrations/.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/core/schema.ts',
  out: process.env.DRIZZLE_OUT ?? './migrations',
});
