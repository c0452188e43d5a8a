-- A terminal has one status, its life (domain TERMINAL_MACHINE): the active switch beside it goes.
-- A terminal switched off while ACTIVE is SUSPENDED (it takes no payments either way), and the
-- permission of the switch leaves every user group.
UPDATE "terminals" SET "status" = 'SUSPENDED', "is_active" = 1 WHERE "is_active" = 0 AND "status" = 'ACTIVE';--> statement-breakpoint
UPDATE "terminals" SET "is_active" = 1 WHERE "is_active" = 0;--> statement-breakpoint
DELETE FROM "user_group_permissions" WHERE "permission" = 'terminal:setstatus';
