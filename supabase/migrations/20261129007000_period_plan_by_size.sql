-- The period readers pick their plan by the live remainder's size (issue 46 point 1: "If a large
-- remainder needs another path, the function picks it by size. A report never silently computes a large
-- remainder the slow way").
--
-- hold_live() (20261129004000_report_backlog.sql) already lets the planner hash and merge when the
-- remainder passes funnel_report.nested_loop_limit(). The period readers (period_sessions, period_steps,
-- period_times) compute the remainder themselves when none is held (a read-only transaction, a role
-- without temporary tables, a caller that does not hold one), and did so with forced nested loops
-- whatever its size. Now they ask funnel_report.live_plan() first:
--   'held'          a remainder held by hold_live() since the last refresh: read it;
--   'nested loops'  a small remainder: its rows looked up by index, as before;
--   'hash joins'    a large one: the planner may hash and merge (one pass over each table).
-- The figures are the same on every path (server/report-live-plan.test.ts, on PGlite and PostgreSQL).
-- Functions created here: funnel_report.live_plan, live_source and period_query. Redefined (same names, arguments and results):
-- funnel_report.period_sessions, funnel_report.period_steps, funnel_report.period_times.

create function funnel_report.live_plan() returns text
language sql stable set search_path = '' as $$
  select case
    when funnel_report.live_held() then 'held'
    when funnel_report.live_size() > funnel_report.nested_loop_limit() then 'hash joins'
    else 'nested loops' end
$$;
comment on function funnel_report.live_plan is
  'How the period readers reach the live remainder now: held (by hold_live), nested loops (small) or hash joins (large).';

-- The part every period reader shares: the plan picked, its settings made for this call only (the
-- function's own settings come back when it returns), and the remainder's source named.
create function funnel_report.live_source(p_table text) returns text
language plpgsql volatile set search_path = '' as $$
declare
  v_plan text := funnel_report.live_plan();
begin
  if p_table not in ('sessions', 'steps', 'times') then
    perform funnel_private.invalid('table', 'is sessions, steps or times');
  end if;
  if v_plan = 'held' then
    return 'pg_temp.funnel_live_' || p_table;
  end if;
  if v_plan = 'hash joins' then
    -- Transaction-local, so the caller (which set them off for its call) sets them back when it returns.
    perform set_config('enable_seqscan', 'on', true);
    perform set_config('enable_hashjoin', 'on', true);
    perform set_config('enable_mergejoin', 'on', true);
  end if;
  return 'funnel_report.group_' || p_table || '(true)';
end;
$$;

-- The one query of the three period readers: a day table's rows of the period, and the live remainder's
-- from the source its size picks (live_source, which also sets the joins for it), for one flow or all.
create function funnel_report.period_query(p_table text) returns text
language sql volatile set search_path = '' as $$
  select format($q$
    select * from (
      select * from funnel_report.day_%s d where funnel_report.in_days(d.day, $1, $2)
      union all select * from %s g where funnel_report.in_days(g.day, $1, $2)
    ) s where $3 is null or s.flow_id is null or s.flow_id = $3 $q$, p_table, funnel_report.live_source(p_table))
$$;

create or replace function funnel_report.period_sessions(p_from timestamptz, p_to timestamptz, p_flow text)
returns setof funnel_report.day_sessions
language plpgsql stable set search_path = '' set jit = off
  set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
begin
  return query execute funnel_report.period_query('sessions')
  using p_from, p_to, p_flow;
end;
$$;

create or replace function funnel_report.period_steps(p_from timestamptz, p_to timestamptz, p_flow text)
returns setof funnel_report.day_steps
language plpgsql stable set search_path = '' set jit = off
  set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
begin
  return query execute funnel_report.period_query('steps')
  using p_from, p_to, p_flow;
end;
$$;

create or replace function funnel_report.period_times(p_from timestamptz, p_to timestamptz, p_flow text)
returns setof funnel_report.day_times
language plpgsql stable set search_path = '' set jit = off
  set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
begin
  return query execute funnel_report.period_query('times')
  using p_from, p_to, p_flow;
end;
$$;

revoke all on all tables in schema funnel_report from public, anon, authenticated;
revoke execute on all functions in schema funnel_report from public, anon, authenticated;
