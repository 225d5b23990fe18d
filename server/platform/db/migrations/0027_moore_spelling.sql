-- Issue 34: the language of Burkina Faso is spelt « Mooré » in French (it was offered as « Moore »).
-- Members who chose it keep it, under its French name.
UPDATE "profiles" SET "languages" = array_replace("languages", 'Moore', 'Mooré') WHERE 'Moore' = ANY("languages");
