DROP INDEX "users_username_lower_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key_uq" ON "users" USING btree (username_key("username"));