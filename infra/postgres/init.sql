-- Runs once, when the Postgres container initialises an empty data directory
-- (mounted into /docker-entrypoint-initdb.d by docker-compose.yml), in database POSTGRES_DB.
-- pg_trgm backs the posts service's text search (trigram GIN indexes).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
