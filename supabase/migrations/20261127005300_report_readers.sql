-- The report's functions over the aggregates (issue 31 point 1; the design is in the header of
-- 20261127005200_report_incremental.sql): same names, arguments and results as before. A period of whole
-- UTC days (or none) reads the aggregates of its days plus the live remainder; any other period is
-- computed directly by the *_direct functions, as before. First, the period helpers they share.

-- Whether a period is whole UTC days (else the report computes it directly), and a day's place in it.
create function funnel_report.whole_days(p_from timestamptz, p_to timestamptz) returns boolean
language sql immutable as $$
  select (p_from is null or p_from = date_trunc('day', p_from, 'UTC'))
     and (p_to is null or p_to = date_trunc('day', p_to, 'UTC'))
$$;
create function funnel_report.in_days(p_day date, p_from timestamptz, p_to timestamptz) returns boolean
language sql immutable as $$
  select (p_from is null or p_day >= (p_from at time zone 'UTC')::date)
     and (p_to is null or p_day < (p_to at time zone 'UTC')::date)
$$;

-- The aggregates of a period plus the live remainder. The live remainder is a few sessions: their rows
-- are looked up by index in nested loops (no plan may read a whole table for them). Thousands of live
-- sessions (a database never refreshed) are correct but slow this way: refresh first, as the report does.
create function funnel_report.period_sessions(p_from timestamptz, p_to timestamptz, p_flow text)
returns setof funnel_report.day_sessions
language sql stable set search_path = '' set jit = off
  set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
  select * from (
    select * from funnel_report.day_sessions d where funnel_report.in_days(d.day, p_from, p_to)
    union all select * from funnel_report.group_sessions(true) g where funnel_report.in_days(g.day, p_from, p_to)
  ) s where p_flow is null or s.flow_id is null or s.flow_id = p_flow
$$;
create function funnel_report.period_steps(p_from timestamptz, p_to timestamptz, p_flow text)
returns setof funnel_report.day_steps
language sql stable set search_path = '' set jit = off
  set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
  select * from (
    select * from funnel_report.day_steps d where funnel_report.in_days(d.day, p_from, p_to)
    union all select * from funnel_report.group_steps(true) g where funnel_report.in_days(g.day, p_from, p_to)
  ) s where p_flow is null or s.flow_id is null or s.flow_id = p_flow
$$;
create function funnel_report.period_times(p_from timestamptz, p_to timestamptz, p_flow text)
returns setof funnel_report.day_times
language sql stable set search_path = '' set jit = off
  set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
  select * from (
    select * from funnel_report.day_times d where funnel_report.in_days(d.day, p_from, p_to)
    union all select * from funnel_report.group_times(true) g where funnel_report.in_days(g.day, p_from, p_to)
  ) s where p_flow is null or s.flow_id is null or s.flow_id = p_flow
$$;

-- The report's functions, as before (names, arguments, results), over the period's aggregates.
create function funnel_report.screen_figures(
  p_experiment text default null, p_from timestamptz default null, p_to timestamptz default null,
  p_flow text default null, p_success_steps text[] default null
) returns table (arm text, step_name text, reached integer, continued integer, median_seconds double precision)
language plpgsql stable set search_path = '' set jit = off as $$
begin
  if not funnel_report.whole_days(p_from, p_to) then
    return query select * from funnel_report.screen_figures_direct(p_experiment, p_from, p_to, p_flow, p_success_steps);
    return;
  end if;
  -- Dynamic SQL: planned afresh each time, with the live remainder's watermark known (live_from_id).
  return query execute $q$
  with counts as (
    select coalesce(s.arms ->> $1, 'all') as arm, s.step_name, sum(s.reached) as reached,
      sum(s.moved_on + s.ended_finished
        + case when s.step_name = any (coalesce($5, '{}')) then s.ended_open else 0 end) as continued
    from funnel_report.period_steps($2, $3, $4) s
    where $1 is null or s.arms ? $1
    group by 1, 2
  ), buckets as (
    select coalesce(t.arms ->> $1, 'all') as arm, t.step_name, t.bucket, sum(t.n) as n
    from funnel_report.period_times($2, $3, $4) t
    where $1 is null or t.arms ? $1
    group by 1, 2, 3
  ), running as (
    select b.*, sum(b.n) over (partition by b.arm, b.step_name order by b.bucket) as upto,
      sum(b.n) over (partition by b.arm, b.step_name) as total
    from buckets b
  ), medians as (
    -- The middle view (or the mean of the two middle ones), as percentile_cont(0.5) takes it.
    select r.arm, r.step_name,
      (min(funnel_report.bucket_seconds(r.bucket)) filter (where r.upto >= floor((r.total + 1) / 2.0))
       + min(funnel_report.bucket_seconds(r.bucket)) filter (where r.upto >= floor(r.total / 2.0) + 1)) / 2 as median_seconds
    from running r group by r.arm, r.step_name
  )
  select c.arm, c.step_name, c.reached::integer, c.continued::integer, m.median_seconds
  from counts c left join medians m on m.arm = c.arm and m.step_name = c.step_name
  $q$ using p_experiment, p_from, p_to, p_flow, p_success_steps;
end;
$$;

create function funnel_report.arm_conversions(
  p_experiment text default null, p_goal_steps text[] default null,
  p_from timestamptz default null, p_to timestamptz default null, p_flow text default null,
  p_success_steps text[] default null, p_exposed_only boolean default false
) returns table (arm text, sessions integer, leads integer, final_clicks integer, goals integer, successes integer)
language plpgsql stable set search_path = '' set jit = off as $$
begin
  if not funnel_report.whole_days(p_from, p_to) then
    return query select * from funnel_report.arm_conversions_direct(
      p_experiment, p_goal_steps, p_from, p_to, p_flow, p_success_steps, p_exposed_only);
    return;
  end if;
  -- Dynamic SQL: planned afresh each time, with the live remainder's watermark known (live_from_id).
  return query execute $q$
  with armed as (
    select coalesce(case when $7 then s.exposed else s.arms end ->> $1, 'all') as arm, s.*
    from funnel_report.period_sessions($3, $4, $5) s
    where $1 is null or (case when $7 then s.exposed else s.arms end) ? $1
  )
  select a.arm, sum(a.sessions)::integer,
    coalesce(sum(a.sessions) filter (where a.lead), 0)::integer,
    coalesce(sum(a.sessions) filter (where a.finished), 0)::integer,
    coalesce(sum(a.sessions) filter (where a.steps && coalesce($2, '{}')), 0)::integer,
    coalesce(sum(a.sessions) filter (where a.last_step = any (coalesce($6, '{}'))), 0)::integer
  from armed a group by a.arm
  $q$ using p_experiment, p_goal_steps, p_from, p_to, p_flow, p_success_steps, p_exposed_only;
end;
$$;

create function funnel_report.conversions_by(
  p_dimension text, p_from timestamptz default null, p_to timestamptz default null,
  p_flow text default null, p_success_steps text[] default null
) returns table (value text, sessions integer, leads integer, final_clicks integer, successes integer)
language plpgsql stable set search_path = '' set jit = off as $$
begin
  if p_dimension not in ('utm_source', 'utm_campaign', 'device', 'language') then
    perform funnel_private.invalid('dimension', 'must be utm_source, utm_campaign, device or language');
  end if;
  if not funnel_report.whole_days(p_from, p_to) then
    return query select * from funnel_report.conversions_by_direct(p_dimension, p_from, p_to, p_flow, p_success_steps);
    return;
  end if;
  -- Dynamic SQL: planned afresh each time, with the live remainder's watermark known (live_from_id).
  return query execute $q$
  with valued as (
    select coalesce(case $1 when 'utm_source' then s.utm_source when 'utm_campaign' then s.utm_campaign
        when 'language' then s.language else s.device end,
      case when $1 = 'device' then 'unknown' else '(none)' end) as value, s.*
    from funnel_report.period_sessions($2, $3, $4) s
  )
  select a.value, sum(a.sessions)::integer,
    coalesce(sum(a.sessions) filter (where a.lead), 0)::integer,
    coalesce(sum(a.sessions) filter (where a.finished), 0)::integer,
    coalesce(sum(a.sessions) filter (where a.last_step = any (coalesce($5, '{}'))), 0)::integer
  from valued a group by a.value order by sum(a.sessions) desc, a.value
  $q$ using p_dimension, p_from, p_to, p_flow, p_success_steps;
end;
$$;

create function funnel_report.multiple_exposures(
  p_experiment text, p_from timestamptz default null, p_to timestamptz default null, p_flow text default null
) returns integer
language plpgsql stable set search_path = '' set jit = off as $$
declare
  v_count integer;
begin
  if not funnel_report.whole_days(p_from, p_to) then
    return funnel_report.multiple_exposures_direct(p_experiment, p_from, p_to, p_flow);
  end if;
  execute $q$ select coalesce(sum(s.sessions), 0)::integer
    from funnel_report.period_sessions($2, $3, $4) s where $1 = any (s.multi) $q$
  into v_count using p_experiment, p_from, p_to, p_flow;
  return v_count;
end;
$$;

comment on function funnel_report.screen_figures is
  'Per arm and screen step: sessions that reached it, that went on (or ended on a success exit), and the median seconds on it (5 % buckets); aggregates plus the live remainder.';
comment on function funnel_report.arm_conversions is
  'Per arm: sessions, leads, final clicks, goal sessions and success exits; aggregates plus the live remainder.';
comment on function funnel_report.conversions_by is
  'Per utm_source, utm_campaign, device class or language: sessions, leads, final clicks and success exits; aggregates plus the live remainder.';
comment on function funnel_report.multiple_exposures is
  'Sessions seen in more than one arm of an experiment (QA overrides left out); aggregates plus the live remainder.';

-- On Supabase, pg_cron refreshes every five minutes (the report also refreshes before it reads). Where
-- pg_cron is not available (PGlite, a plain PostgreSQL) this does nothing; `npm run report` refreshes.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    begin
      create extension if not exists pg_cron;
      perform cron.schedule('funnel-report-refresh', '*/5 * * * *', 'select funnel_report.refresh()');
    exception when others then
      raise notice 'pg_cron is available but could not be set up (%); schedule select funnel_report.refresh() yourself', sqlerrm;
    end;
  end if;
end;
$$;

revoke all on all tables in schema funnel_report from public, anon, authenticated;
revoke execute on all functions in schema funnel_report from public, anon, authenticated;
