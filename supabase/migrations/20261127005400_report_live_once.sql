-- The live remainder once per report (issue 31: one day ≤ 0.5 s at 10 M step views).
--
-- Each reader (screen_figures, arm_conversions, conversions_by, multiple_exposures) added the live
-- remainder, the sessions not final yet, by computing it from their rows: about ten times per report,
-- each time re-reading the newest 10,000 step views and looking each one's session up among the closed
-- ones. Now a report can hold it once:
--   funnel_report.hold_live()    computes the live remainder, grouped as the three aggregate tables,
--                                into temporary tables of this database session;
--   funnel_report.release_live() drops them; a refresh since the hold (in any session) sets them aside,
--                                as its aggregates may now hold some of those sessions.
-- Between the two, every reader adds the held remainder instead of computing its own: the report's
-- figures are then of one moment, the one of hold_live(). Without a hold (or in a read-only
-- transaction, or for a role that may not make temporary tables) the readers compute it as before. The figures are
-- the same either way (server/report-incremental.test.ts reads both against the direct computation).
--
-- The live sessions are also found with fewer look-ups: the re-read step views are first reduced to
-- their distinct sessions (a few thousand, not 10,000 rows) before each is looked up among the closed.

create or replace view funnel_report.live_sessions as
select o.session_id from funnel_report.open_sessions o
union
select r.session_id from (
  select distinct t.session_id from public.quiz_step_tracking t where t.id > funnel_report.live_from_id()
) r
where not exists (select 1 from funnel_report.closed_sessions c where c.session_id = r.session_id);

-- Each refresh counts up refresh_state.generation: a remainder held before it is no longer used (the
-- aggregates may now hold some of its sessions), also when the refresh ran in another session.
alter table funnel_report.refresh_state add column generation bigint not null default 0;
create function funnel_report.count_refresh() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.generation := old.generation + 1;
  return new;
end;
$$;
create trigger refresh_state_generation before update on funnel_report.refresh_state
for each row execute function funnel_report.count_refresh();

create function funnel_report.release_live() returns void
language plpgsql volatile set search_path = '' as $$
begin
  -- Only those that exist: "drop table if exists pg_temp.…" notices a session without a temporary schema.
  if to_regclass('pg_temp.funnel_live_held') is not null then drop table pg_temp.funnel_live_held; end if;
  if to_regclass('pg_temp.funnel_live_sessions') is not null then drop table pg_temp.funnel_live_sessions; end if;
  if to_regclass('pg_temp.funnel_live_steps') is not null then drop table pg_temp.funnel_live_steps; end if;
  if to_regclass('pg_temp.funnel_live_times') is not null then drop table pg_temp.funnel_live_times; end if;
end;
$$;

create function funnel_report.hold_live() returns boolean
language plpgsql volatile set search_path = '' set jit = off
  set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
begin
  if current_setting('transaction_read_only')::boolean then
    return false;
  end if;
  perform funnel_report.release_live();
  -- The generation first: a refresh committed while the remainder is computed makes it unused, not wrong.
  create temporary table funnel_live_held as select s.generation from funnel_report.refresh_state s where s.id = 1;
  -- Dynamic SQL: planned afresh each time, with the live remainder's watermark known (live_from_id).
  execute 'create temporary table funnel_live_sessions as select * from funnel_report.group_sessions(true)';
  execute 'create temporary table funnel_live_steps as select * from funnel_report.group_steps(true)';
  execute 'create temporary table funnel_live_times as select * from funnel_report.group_times(true)';
  return true;
exception when insufficient_privilege then
  -- A role without the TEMPORARY privilege: the readers compute the remainder themselves, as before.
  return false;
end;
$$;

-- Whether this session holds a live remainder taken since the last refresh.
create function funnel_report.live_held() returns boolean
language plpgsql stable set search_path = '' as $$
declare
  v_held boolean;
begin
  if to_regclass('pg_temp.funnel_live_held') is null then
    return false;
  end if;
  execute 'select exists (select 1 from pg_temp.funnel_live_held h join funnel_report.refresh_state s
    on s.id = 1 and s.generation = h.generation)' into v_held;
  return v_held;
end;
$$;

comment on function funnel_report.hold_live is
  'Computes the live remainder once into temporary tables that the report readers add until release_live() or the next refresh; false in a read-only transaction.';

-- The period readers: the aggregates of the days asked for plus the held live remainder, or the one
-- computed now. Dynamic SQL in both branches: a cached plan would keep an old watermark folded in.
create or replace function funnel_report.period_sessions(p_from timestamptz, p_to timestamptz, p_flow text)
returns setof funnel_report.day_sessions
language plpgsql stable set search_path = '' set jit = off
  set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
begin
  return query execute format($q$
    select * from (
      select * from funnel_report.day_sessions d where funnel_report.in_days(d.day, $1, $2)
      union all select * from %s g where funnel_report.in_days(g.day, $1, $2)
    ) s where $3 is null or s.flow_id is null or s.flow_id = $3 $q$,
    case when funnel_report.live_held() then 'pg_temp.funnel_live_sessions'
      else 'funnel_report.group_sessions(true)' end)
  using p_from, p_to, p_flow;
end;
$$;

create or replace function funnel_report.period_steps(p_from timestamptz, p_to timestamptz, p_flow text)
returns setof funnel_report.day_steps
language plpgsql stable set search_path = '' set jit = off
  set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
begin
  return query execute format($q$
    select * from (
      select * from funnel_report.day_steps d where funnel_report.in_days(d.day, $1, $2)
      union all select * from %s g where funnel_report.in_days(g.day, $1, $2)
    ) s where $3 is null or s.flow_id is null or s.flow_id = $3 $q$,
    case when funnel_report.live_held() then 'pg_temp.funnel_live_steps'
      else 'funnel_report.group_steps(true)' end)
  using p_from, p_to, p_flow;
end;
$$;

create or replace function funnel_report.period_times(p_from timestamptz, p_to timestamptz, p_flow text)
returns setof funnel_report.day_times
language plpgsql stable set search_path = '' set jit = off
  set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
begin
  return query execute format($q$
    select * from (
      select * from funnel_report.day_times d where funnel_report.in_days(d.day, $1, $2)
      union all select * from %s g where funnel_report.in_days(g.day, $1, $2)
    ) s where $3 is null or s.flow_id is null or s.flow_id = $3 $q$,
    case when funnel_report.live_held() then 'pg_temp.funnel_live_times'
      else 'funnel_report.group_times(true)' end)
  using p_from, p_to, p_flow;
end;
$$;

revoke all on all tables in schema funnel_report from public, anon, authenticated;
revoke execute on all functions in schema funnel_report from public, anon, authenticated;
