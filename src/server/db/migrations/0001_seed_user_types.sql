-- The roles of spec section 6 with fixed ids, so every installation agrees on them.
INSERT INTO "user_type" ("id", "name") VALUES
	(1, 'customer'),
	(2, 'user'),
	(3, 'project_manager'),
	(4, 'tech_lead'),
	(5, 'qa'),
	(6, 'developer'),
	(7, 'talent'),
	(8, 'internal_manager'),
	(9, 'internal_admin')
ON CONFLICT ("id") DO NOTHING;
