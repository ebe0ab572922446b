-- One way to compare usernames, used by the unique index and by every lookup (sign-in, creation,
-- sync), so JavaScript and PostgreSQL never fold a name differently. Turkish dotted and dotless
-- i ('İ', 'I', 'ı', 'i') are one letter here, and the Turkish capitals are lowered explicitly,
-- so the result does not depend on the database's locale.
CREATE OR REPLACE FUNCTION username_key(name text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT lower(translate(name, 'İIıÇĞÖŞÜ', 'iiiçğöşü')) $$;
