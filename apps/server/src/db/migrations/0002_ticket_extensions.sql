-- Custom SQL migration file, put your code below! --
-- Trigram matching for partial case-number search (a trusted extension: no superuser needed).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
