import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes the next forward-only migration from the schema files.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/server/db/schema.ts',
    './src/server/db/schemaPipeline.ts',
    './src/server/db/schemaDelivery.ts',
    './src/server/db/schemaTasks.ts',
    './src/server/db/schemaWorkflows.ts',
    './src/server/db/schemaCrm.ts',
    './src/server/db/schemaPeople.ts',
    './src/server/db/schemaLegalRequests.ts',
    './src/server/db/schemaNotify.ts',
    './src/server/db/schemaMail.ts',
    './src/server/db/schemaChat.ts',
  ],
  out: './src/server/db/migrations',
});
