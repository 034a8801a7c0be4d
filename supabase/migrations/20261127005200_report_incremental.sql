-- A report whose cost follows the days asked for (issue 31 point 1).
--
-- A session is final once it has been idle for 30 minutes (funnel_report.idle_interval(): no step view,
-- lead, journey step, assessment or exposure of it for that long, Google Analytics' session timeout).
-- funnel_report.refresh() moves final sessions into per-day aggregates (the day a session started, UTC):
--   day_sessions: sessions per flow, flow version, arms, exposed arms, source, campaign, device,
--                 language, last screen, screens viewed, lead and final click;
--   day_steps:    per screen, the sessions that reached it, went on to another screen, or ended there
--                 (with or without the final click);
--   day_times:    the time from a view of a screen to the next view, in histogram buckets.
-- The report functions (screen_figures, arm_conversions, conversions_by, multiple_exposures: same
-- names, arguments and results as before) read the aggregates of the days asked for plus the live
-- remainder (sessions not yet final, computed from their rows by the very same functions). A period
-- that is not whole UTC days is computed directly, as before (the *_direct functions).
--
-- Medians come from buckets 5 % wide: within 2.5 % of the exact median, + 0.5 s (bucket 0 is under a second).
-- Refresh is safe to run concurrently (it locks the watermark row) and repeatedly (a session is moved
-- once: closed_sessions). It reads new step views by id above the watermark, re-reading the last 10,000
-- ids so a row committed late by a slow transaction is still seen. Rows that arrive for a session after
-- it was final are left out of every figure (a visitor coming back to an old tab after the timeout).
-- Sessions whose views name different flows count under the last flow named (the direct computation
-- counted each view under its own flow).

alter function funnel_report.screen_figures(text, timestamptz, timestamptz, text, text[]) rename to screen_figures_direct;
alter function funnel_report.arm_conversions(text, text[], timestamptz, timestamptz, text, text[], boolean) rename to arm_conversions_direct;
alter function funnel_report.conversions_by(text, timestamptz, timestamptz, text, text[]) rename to conversions_by_direct;
alter function funnel_report.multiple_exposures(text, timestamptz, timestamptz, text) rename to multiple_exposures_direct;

-- The live remainder looks a few sessions up in each table by session.
create index if not exists experiment_exposures_session_idx on public.experiment_exposures (session_id);
create index if not exists user_assessments_session_idx on public.user_assessments (session_id);

create function funnel_report.idle_interval() returns interval
language sql immutable as $$ select interval '30 minutes' $$;

-- Bucket 0: under one second; bucket k: [1.05^(k-1), 1.05^k) seconds; the last one (255) from about 3 days.
create function funnel_report.time_bucket(seconds double precision) returns smallint
language sql immutable as $$
  select case when seconds < 1 then 0 else least(255, 1 + floor(ln(seconds) / ln(1.05)))::smallint end
$$;
create function funnel_report.bucket_seconds(bucket smallint) returns double precision
language sql immutable as $$ select case when bucket = 0 then 0.5 else power(1.05, bucket - 0.5) end $$;

create table funnel_report.refresh_state (
  id integer primary key check (id = 1),
  last_id bigint not null,
  refreshed_at timestamptz
);
insert into funnel_report.refresh_state values (1, 0, null);
create table funnel_report.open_sessions (session_id uuid primary key);
create table funnel_report.closed_sessions (session_id uuid primary key);
-- The sessions one refresh is closing (filled and emptied inside it).
create table funnel_report.closing (session_id uuid primary key);

create table funnel_report.day_sessions (
  day date not null, flow_id text, flow_version integer, arms jsonb not null, exposed jsonb not null,
  multi text[] not null, utm_source text, utm_campaign text, device text, language text,
  last_step text, steps text[] not null, finished boolean not null, lead boolean not null,
  sessions integer not null
);
create table funnel_report.day_steps (
  day date not null, flow_id text, flow_version integer, arms jsonb not null, utm_source text, device text,
  language text, step_name text not null, reached integer not null, moved_on integer not null,
  ended_finished integer not null, ended_open integer not null
);
create table funnel_report.day_times (
  day date not null, flow_id text, arms jsonb not null, step_name text not null, bucket smallint not null,
  n integer not null
);
create index day_sessions_day_idx on funnel_report.day_sessions (day);
create index day_steps_day_idx on funnel_report.day_steps (day);
create index day_times_day_idx on funnel_report.day_times (day);
comment on table funnel_report.day_sessions is 'Final sessions per start day (UTC) and dimensions (funnel_report.refresh).';
comment on table funnel_report.day_steps is 'Per start day, dimensions and screen: reached, went on, ended there (funnel_report.refresh).';
comment on table funnel_report.day_times is 'Per start day, arms and screen: time to the next view in 5 % buckets (funnel_report.refresh).';

-- The first step view id the live remainder reads (the watermark less the 10,000 re-read). Declared
-- immutable on purpose, so the planner folds it into a literal and reads the few recent rows by the
-- primary key (a subquery would be estimated at a third of the table, and scanned). Safe because every
-- statement that calls it is planned afresh: the report functions run theirs as dynamic SQL.
create function funnel_report.live_from_id() returns bigint
language plpgsql immutable set search_path = '' as $$
begin
  return (select s.last_id - 10000 from funnel_report.refresh_state s);
end;
$$;

-- The sessions not final yet: the open ones, and those with step views since the last refresh.
create view funnel_report.live_sessions as
select o.session_id from funnel_report.open_sessions o
union
select t.session_id from public.quiz_step_tracking t
where t.id > funnel_report.live_from_id()
  and not exists (select 1 from funnel_report.closed_sessions c where c.session_id = t.session_id);

-- One row per session (of the closing ones, or the live ones): what the aggregates group by.
create function funnel_report.compute_facts(p_live boolean)
returns table (session_id uuid, day date, flow_id text, flow_version integer, arms jsonb, exposed jsonb,
  multi text[], utm_source text, utm_campaign text, device text, language text, last_step text,
  steps text[], finished boolean, lead boolean)
language sql stable set search_path = '' set jit = off as $$
  with ids as (
    select c.session_id from funnel_report.closing c where not p_live
    union all select l.session_id from funnel_report.live_sessions l where p_live
  ), v as (
    select t.* from public.quiz_step_tracking t join ids using (session_id) where not t.completed
  ), s as (
    select v.session_id, (min(v.visited_at) at time zone 'UTC')::date as day, max(v.flow_id) as flow_id,
      (array_agg(v.step_name order by v.visited_at desc, v.id desc))[1] as last_step,
      array_agg(distinct v.step_name order by v.step_name) as steps,
      (array_agg(v.language order by v.visited_at, v.id) filter (where v.language is not null))[1] as language
    from v group by v.session_id
  ), touches as (
    select v.session_id, e.key as experiment, e.value ->> 'variant' as variant,
      coalesce(e.value ->> 'override' = 'true', false) as override, 0 as src, v.visited_at as at
    from v cross join lateral jsonb_each(coalesce(v.variants, '{}'::jsonb)) e
    union all
    select x.session_id, x.experiment_id, x.variant_id, x.override, 1, x.exposed_at
    from public.experiment_exposures x join ids using (session_id)
  ), arms as (
    select f.session_id, jsonb_object_agg(f.experiment, f.variant) filter (where not f.override) as arms
    from (select distinct on (t.session_id, t.experiment) t.* from touches t
          order by t.session_id, t.experiment, t.src, t.at) f
    group by f.session_id
  ), exposed as (
    select f.session_id, jsonb_object_agg(f.experiment_id, f.variant_id) as exposed
    from (select distinct on (x.session_id, x.experiment_id) x.session_id, x.experiment_id, x.variant_id
          from public.experiment_exposures x join ids using (session_id) where not x.override
          order by x.session_id, x.experiment_id, x.exposed_at) f
    group by f.session_id
  ), seen as (
    select t.session_id, e.key as experiment, e.value ->> 'variant' as variant
    from public.quiz_step_tracking t join ids using (session_id)
    cross join lateral jsonb_each(coalesce(t.variants, '{}'::jsonb)) e
    where coalesce(e.value ->> 'override' = 'true', false) = false
    union all
    select x.session_id, x.experiment_id, x.variant_id
    from public.experiment_exposures x join ids using (session_id) where not x.override
  ), multi as (
    select m.session_id, array_agg(m.experiment order by m.experiment) as multi
    from (select seen.session_id, seen.experiment from seen group by 1, 2 having count(distinct seen.variant) > 1) m
    group by m.session_id
  ), leads as (
    select c.session_id, max(c.flow_version) as flow_version, bool_or(not c.partial) as lead,
      bool_or(c.clicked_final_cta) as clicked,
      (array_agg(c.language order by c.submitted_at) filter (where c.language is not null))[1] as language
    from public.quiz_completions c join ids using (session_id) group by c.session_id
  ), assessed as (
    select u.session_id, bool_or(u.clicked_final_cta) as clicked
    from public.user_assessments u join ids using (session_id) group by u.session_id
  )
  select s.session_id, s.day, s.flow_id, l.flow_version, coalesce(a.arms, '{}'), coalesce(x.exposed, '{}'),
    coalesce(m.multi, '{}'), j.utm_source, j.utm_campaign, j.device_class, coalesce(s.language, l.language),
    s.last_step, s.steps,
    coalesce(j.clicked_final_cta, false) or coalesce(u.clicked, false) or coalesce(l.clicked, false),
    coalesce(l.lead, false)
  from s
  left join arms a on a.session_id = s.session_id
  left join exposed x on x.session_id = s.session_id
  left join multi m on m.session_id = s.session_id
  left join leads l on l.session_id = s.session_id
  left join assessed u on u.session_id = s.session_id
  left join public.user_journey_sessions j on j.session_id = s.session_id
$$;

-- The closing sessions' facts, computed once per refresh (session_facts(false) reads them).
create table funnel_report.closing_facts as select * from funnel_report.compute_facts(false) with no data;
create function funnel_report.session_facts(p_live boolean)
returns setof funnel_report.closing_facts
language sql stable set search_path = '' set jit = off as $$
  select * from funnel_report.closing_facts where not p_live
  union all select * from funnel_report.compute_facts(true) where p_live
$$;

-- The same sessions grouped as the three aggregate tables hold them.
create function funnel_report.group_sessions(p_live boolean) returns setof funnel_report.day_sessions
language sql stable set search_path = '' set jit = off as $$
  select f.day, f.flow_id, f.flow_version, f.arms, f.exposed, f.multi, f.utm_source, f.utm_campaign,
    f.device, f.language, f.last_step, f.steps, f.finished, f.lead, count(*)::integer
  from funnel_report.session_facts(p_live) f
  group by f.day, f.flow_id, f.flow_version, f.arms, f.exposed, f.multi, f.utm_source, f.utm_campaign,
    f.device, f.language, f.last_step, f.steps, f.finished, f.lead
$$;

create function funnel_report.group_steps(p_live boolean) returns setof funnel_report.day_steps
language sql stable set search_path = '' set jit = off as $$
  with facts as (select * from funnel_report.session_facts(p_live)), views as (
    select t.session_id, t.step_name,
      lead(t.step_name) over (partition by t.session_id order by t.visited_at, t.id) as next_step
    from public.quiz_step_tracking t join facts f on f.session_id = t.session_id
    where not t.completed
  ), per_step as (
    select v.session_id, v.step_name,
      bool_or(v.next_step is not null and v.next_step <> v.step_name) as moved_on,
      bool_or(v.next_step is null) as is_last
    from views v group by v.session_id, v.step_name
  )
  select f.day, f.flow_id, f.flow_version, f.arms, f.utm_source, f.device, f.language, p.step_name,
    count(*)::integer, (count(*) filter (where p.moved_on))::integer,
    (count(*) filter (where not p.moved_on and p.is_last and f.finished))::integer,
    (count(*) filter (where not p.moved_on and p.is_last and not f.finished))::integer
  from per_step p join facts f on f.session_id = p.session_id
  group by f.day, f.flow_id, f.flow_version, f.arms, f.utm_source, f.device, f.language, p.step_name
$$;

create function funnel_report.group_times(p_live boolean) returns setof funnel_report.day_times
language sql stable set search_path = '' set jit = off as $$
  with facts as (select * from funnel_report.session_facts(p_live)), views as (
    select t.session_id, t.step_name, t.visited_at,
      lead(t.step_name) over w as next_step, lead(t.visited_at) over w as next_at
    from public.quiz_step_tracking t join facts f on f.session_id = t.session_id
    where not t.completed
    window w as (partition by t.session_id order by t.visited_at, t.id)
  )
  select f.day, f.flow_id, f.arms, v.step_name,
    funnel_report.time_bucket(extract(epoch from v.next_at - v.visited_at)::double precision), count(*)::integer
  from views v join facts f on f.session_id = v.session_id
  where v.next_at is not null and v.next_step <> v.step_name
  group by 1, 2, 3, 4, 5
$$;

-- Moves the sessions that have become final into the aggregates; returns how many. Run it as often as
-- you like, from several places at once: the watermark row is locked, and a session moves once.
create function funnel_report.refresh(p_now timestamptz default now()) returns integer
language plpgsql set search_path = '' set jit = off as $$
declare
  v_last bigint;
  v_top bigint;
  v_closed integer;
  v_days date[];
begin
  select s.last_id into v_last from funnel_report.refresh_state s where s.id = 1 for update;
  select coalesce(max(t.id), v_last) into v_top from public.quiz_step_tracking t;
  insert into funnel_report.open_sessions (session_id)
  select distinct t.session_id from public.quiz_step_tracking t
  where t.id > v_last - 10000 and t.id <= v_top
    and not exists (select 1 from funnel_report.closed_sessions c where c.session_id = t.session_id)
  on conflict do nothing;
  with o as (select session_id from funnel_report.open_sessions), activity as (
    select t.session_id, max(t.visited_at) as at from public.quiz_step_tracking t join o using (session_id) group by 1
    union all select c.session_id, max(c.submitted_at) from public.quiz_completions c join o using (session_id) group by 1
    union all select j.session_id, j.last_activity from public.user_journey_sessions j join o using (session_id)
    union all select u.session_id, max(u.created_at) from public.user_assessments u join o using (session_id) group by 1
    union all select x.session_id, max(x.exposed_at) from public.experiment_exposures x join o using (session_id) group by 1
  )
  insert into funnel_report.closing (session_id)
  select a.session_id from activity a group by a.session_id
  having max(a.at) < p_now - funnel_report.idle_interval();
  get diagnostics v_closed = row_count;
  if v_closed > 0 then
    analyze funnel_report.closing;
    insert into funnel_report.closing_facts select * from funnel_report.compute_facts(false);
    analyze funnel_report.closing_facts;
    with added as (
      insert into funnel_report.day_sessions select * from funnel_report.group_sessions(false) returning day
    ) select array_agg(distinct a.day) into v_days from added a;
    insert into funnel_report.day_steps select * from funnel_report.group_steps(false);
    insert into funnel_report.day_times select * from funnel_report.group_times(false);
    insert into funnel_report.closed_sessions select c.session_id from funnel_report.closing c;
    delete from funnel_report.open_sessions o using funnel_report.closing c where c.session_id = o.session_id;
    perform funnel_report.compact(v_days);
    delete from funnel_report.closing;
    delete from funnel_report.closing_facts;
    -- Empty again, and known to be: the live remainder's plans must not expect them full.
    analyze funnel_report.closing;
    analyze funnel_report.closing_facts;
    analyze funnel_report.open_sessions;
    analyze funnel_report.closed_sessions;
  end if;
  update funnel_report.refresh_state set last_id = v_top, refreshed_at = p_now where id = 1;
  return v_closed;
end;
$$;
comment on function funnel_report.refresh is
  'Moves sessions idle for funnel_report.idle_interval() into the per-day aggregates; safe to run concurrently and repeatedly.';

-- Each refresh adds rows for the days it touched; this folds them into one row per group again.
create function funnel_report.compact(p_days date[]) returns void
language sql set search_path = '' as $$
  with gone as (delete from funnel_report.day_sessions d where d.day = any(p_days) returning d.*)
  insert into funnel_report.day_sessions
  select g.day, g.flow_id, g.flow_version, g.arms, g.exposed, g.multi, g.utm_source, g.utm_campaign, g.device,
    g.language, g.last_step, g.steps, g.finished, g.lead, sum(g.sessions)::integer
  from gone g group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14;
  with gone as (delete from funnel_report.day_steps d where d.day = any(p_days) returning d.*)
  insert into funnel_report.day_steps
  select g.day, g.flow_id, g.flow_version, g.arms, g.utm_source, g.device, g.language, g.step_name,
    sum(g.reached)::integer, sum(g.moved_on)::integer, sum(g.ended_finished)::integer, sum(g.ended_open)::integer
  from gone g group by 1, 2, 3, 4, 5, 6, 7, 8;
  with gone as (delete from funnel_report.day_times d where d.day = any(p_days) returning d.*)
  insert into funnel_report.day_times
  select g.day, g.flow_id, g.arms, g.step_name, g.bucket, sum(g.n)::integer from gone g group by 1, 2, 3, 4, 5;
$$;

revoke all on all tables in schema funnel_report from public, anon, authenticated;
revoke execute on all functions in schema funnel_report from public, anon, authenticated;
