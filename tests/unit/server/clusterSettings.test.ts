/** WORKERS and the tables a statement writes, as the cluster reads them (server/cluster/, server/db/writeWatch.ts). */
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runsHousekeeping, workerCount } from '../../../server/cluster/settings';
import { writtenTables } from '../../../server/db/writeWatch';

describe('WORKERS', () => {
  it('defaults to one process; `auto` is one per core; a whole number ≥ 1 otherwise', () => {
    expect(workerCount({})).toBe(1);
    expect(workerCount({ WORKERS: '' })).toBe(1);
    expect(workerCount({ WORKERS: 'auto' })).toBe(availableParallelism());
    expect(workerCount({ WORKERS: '1' })).toBe(1);
    expect(workerCount({ WORKERS: '3' })).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'two'])
      expect(() => workerCount({ WORKERS: bad })).toThrow(/WORKERS/);
  });

  it('runs the housekeeping timers in one process: alone, or the first worker', () => {
    expect(runsHousekeeping({})).toBe(true);
    expect(runsHousekeeping({ WORKER_INDEX: '1' })).toBe(true);
    expect(runsHousekeeping({ WORKER_INDEX: '2' })).toBe(false);
  });
});

describe('writtenTables', () => {
  it('names the table of an insert, update or delete, in lower case', () => {
    expect(writtenTables('insert into "role_permissions" ("role") values (?)')).toEqual(['role_permissions']);
    expect(writtenTables('INSERT OR IGNORE INTO Users (id) values (1)')).toEqual(['users']);
    expect(writtenTables('update "e_sales_customer" set "name" = ?')).toEqual(['e_sales_customer']);
    expect(writtenTables('delete from "field_permissions" where "role" = ?')).toEqual(['field_permissions']);
  });

  it('names none for reads and transaction control', () => {
    for (const text of [
      'select 1',
      'pragma busy_timeout = 5',
      'savepoint entity_write',
      'release entity_write',
      'rollback to entity_write',
      'begin immediate',
      'commit',
    ])
      expect(writtenTables(text)).toEqual([]);
  });

  it('answers every table when it cannot tell (DDL, a WITH before the write)', () => {
    expect(writtenTables('create table "x" ("id" integer)')).toBe('*');
    expect(writtenTables('alter table "x" add column "y" text')).toBe('*');
    expect(writtenTables('with t as (select 1) update "x" set "y" = 1')).toBe('*');
  });
});
