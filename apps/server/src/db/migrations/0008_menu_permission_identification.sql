-- A menu entry's identification, when it is a permission code, is a permission the entry also needs (besides its
-- module's page permission). The seeded New ticket and Edit ticket entries need ticket:create and ticket:edit.
UPDATE "menu" SET "identification" = 'ticket:create' WHERE "name" = 'TicketCreate' AND "identification" IS NULL;
--> statement-breakpoint
UPDATE "menu" SET "identification" = 'ticket:edit' WHERE "name" = 'TicketEdit' AND "identification" IS NULL;
