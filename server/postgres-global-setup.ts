/**
 * Vitest global setup of the SQL tests on real PostgreSQL (vitest.postgres.config.ts): starts a server
 * (server/postgres-server.ts), applies server/supabase-roles.sql and every migration to a template
 * database that each test file copies, and stops the server at the end. When PostgreSQL is not
 * installed the run fails here with what to install; nothing is skipped.
 */
import type { TestProject } from 'vitest/node';
import { applyMigrations } from './database.ts';
import { pgDatabase } from './pg-database.ts';
import { startPostgres } from './postgres-server.ts';
import { TEMPLATE_DATABASE } from './test-database.ts';

export default async function setup(project: TestProject): Promise<() => void> {
  const server = startPostgres();
  try {
    const admin = await pgDatabase(server.url());
    await admin.exec(`create database ${TEMPLATE_DATABASE}`);
    await admin.close();
    const template = await pgDatabase(server.url(TEMPLATE_DATABASE));
    await applyMigrations(template);
    await template.close();
  } catch (error) {
    server.stop();
    throw error;
  }
  project.provide('postgresUrl', server.url());
  return () => server.stop();
}
