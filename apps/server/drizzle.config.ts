import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @cairn/server` writes a new SQL migration from src/db/schema.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/db/clinical-schema.ts',
    './src/db/population-schema.ts',
    './src/db/analytics-schema.ts',
  ],
  out: './migrations',
});
