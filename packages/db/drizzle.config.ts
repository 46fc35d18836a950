// drizzle-kit: `npm run db:generate` writes a migration for a schema change into migrations/.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/schema.ts',
  out: process.env.DRIZZLE_OUT ?? './migrations',
});
