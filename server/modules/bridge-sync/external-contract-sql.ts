/**
 * The external database contract as SQL, one statement per entry: docs/bridge-sync.md quotes it, the demo
 * external system and the tests create their sources with it, so all three stay the same.
 * Column types may differ in a real system (an integer external_id, a view over other tables);
 * the names, the meaning and the (updated_at, external_id) index are what matter.
 */

export const POSTGRES_CONTRACT_SQL: readonly string[] = [
  `create table bonus_requests (
  external_id  text primary key,
  customer_id  text not null,
  username     text,
  name         text,
  bonus_type   text not null default 'other',      -- cashback | points | other
  amount       numeric(14, 2) not null default 0,  -- TRY, never negative
  description  text,
  priority     smallint not null default 3,        -- 1-10
  status       text not null default 'pending',    -- see the status mapping
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now()  -- must change whenever the row changes
)`,
  `create index bonus_requests_sync_idx on bonus_requests (updated_at, external_id)`,
  `create table personnel (
  external_id  text primary key,
  username     text not null,
  full_name    text not null,
  email        text,
  active       boolean not null default true
)`,
  `create or replace function bonus_requests_touch() returns trigger language plpgsql as $$
begin
  new.updated_at := clock_timestamp();
  return new;
end $$`,
  `create trigger bonus_requests_touch before update on bonus_requests
  for each row execute function bonus_requests_touch()`,
];

/** A login that may only read the two tables (PostgreSQL). */
export function postgresReaderSql(user: string, password: string): string[] {
  return [
    `create role ${user} login password '${password.replace(/'/g, "''")}'`,
    `grant select on bonus_requests, personnel to ${user}`,
  ];
}

export const MYSQL_CONTRACT_SQL: readonly string[] = [
  `create table bonus_requests (
  external_id  varchar(100) not null primary key,
  customer_id  varchar(100) not null,
  username     varchar(100) null,
  name         varchar(200) null,
  bonus_type   varchar(20) not null default 'other',
  amount       decimal(14, 2) not null default 0,
  description  text null,
  priority     tinyint not null default 3,
  status       varchar(20) not null default 'pending',
  created_at   datetime(6) not null default current_timestamp(6),
  updated_at   datetime(6) not null default current_timestamp(6) on update current_timestamp(6),
  key bonus_requests_sync_idx (updated_at, external_id)
) engine = InnoDB default charset = utf8mb4`,
  `create table personnel (
  external_id  varchar(100) not null primary key,
  username     varchar(100) not null,
  full_name    varchar(200) not null,
  email        varchar(255) null,
  active       tinyint(1) not null default 1
) engine = InnoDB default charset = utf8mb4`,
];

/** A login that may only read the two tables (MySQL / MariaDB). */
export function mysqlReaderSql(database: string, user: string, password: string): string[] {
  const pw = password.replace(/'/g, "''");
  return [
    `create user '${user}'@'%' identified by '${pw}'`,
    `grant select on \`${database}\`.bonus_requests to '${user}'@'%'`,
    `grant select on \`${database}\`.personnel to '${user}'@'%'`,
  ];
}
