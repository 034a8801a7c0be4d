-- The report splits by flow revision (issue 44 point 5): the per-day aggregates keep each session's
-- revision (the one of its first stamped step view, else of its lead, else 'unknown'), so a comparison of
-- two versions costs no more than today's report. Aggregates made before this migration are of sessions
-- that carried no revision: they read as 'unknown' (the columns' default), nothing is recomputed or lost.
--
-- Redefined, copied from 20261127005200_report_incremental.sql with only the lines marked `-- i44-revision:`
-- changed: funnel_report.compute_facts (dropped and created again with funnel_report.closing_facts and
-- funnel_report.session_facts: its result gains `revision`), funnel_report.group_sessions, group_steps,
-- group_times and compact (create or replace; their result types are the aggregate tables, which gain
-- `revision` as their last column). The report's readers (screen_figures, arm_conversions, conversions_by,
-- multiple_exposures) are unchanged: they sum over every revision, as before.
-- New readers, of whole UTC days (aggregates plus the live remainder, like the others):
--   funnel_report.revision_conversions  per revision: its first and last day, sessions, leads, final
--                                       clicks and success exits;
--   funnel_report.revision_screens      per revision and screen: sessions that reached it and went on;
--   funnel_report.revision_mix          per revision: sessions per traffic source and per language.

alter table funnel_report.day_sessions add column revision text not null default 'unknown';
alter table funnel_report.day_steps add column revision text not null default 'unknown';
alter table funnel_report.day_times add column revision text not null default 'unknown';

drop function funnel_report.session_facts(boolean);
drop table funnel_report.closing_facts;
drop function funnel_report.compute_facts(boolean);

create function funnel_report.compute_facts(p_live boolean)
returns table (session_id uuid, day date, flow_id text, flow_version integer, arms jsonb, exposed jsonb,
  multi text[], utm_source text, utm_campaign text, device text, language text, last_step text,
  steps text[], finished boolean, lead boolean,
  revision text) -- i44-revision:
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
      (array_agg(v.language order by v.visited_at, v.id) filter (where v.language is not null))[1] as language,
      -- i44-revision: the revision of the session's first stamped view
      (array_agg(v.revision order by v.visited_at, v.id) filter (where v.revision <> 'unknown'))[1] as revision
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
      (array_agg(c.language order by c.submitted_at) filter (where c.language is not null))[1] as language,
      (array_agg(c.revision order by c.submitted_at) filter (where c.revision <> 'unknown'))[1] as revision -- i44-revision:
    from public.quiz_completions c join ids using (session_id) group by c.session_id
  ), assessed as (
    select u.session_id, bool_or(u.clicked_final_cta) as clicked
    from public.user_assessments u join ids using (session_id) group by u.session_id
  )
  select s.session_id, s.day, s.flow_id, l.flow_version, coalesce(a.arms, '{}'), coalesce(x.exposed, '{}'),
    coalesce(m.multi, '{}'), j.utm_source, j.utm_campaign, j.device_class, coalesce(s.language, l.language),
    s.last_step, s.steps,
    coalesce(j.clicked_final_cta, false) or coalesce(u.clicked, false) or coalesce(l.clicked, false),
    coalesce(l.lead, false),
    coalesce(s.revision, l.revision, 'unknown') -- i44-revision:
  from s
  left join arms a on a.session_id = s.session_id
  left join exposed x on x.session_id = s.session_id
  left join multi m on m.session_id = s.session_id
  left join leads l on l.session_id = s.session_id
  left join assessed u on u.session_id = s.session_id
  left join public.user_journey_sessions j on j.session_id = s.session_id
$$;

create table funnel_report.closing_facts as select * from funnel_report.compute_facts(false) with no data;
create function funnel_report.session_facts(p_live boolean)
returns setof funnel_report.closing_facts
language sql stable set search_path = '' set jit = off as $$
  select * from funnel_report.closing_facts where not p_live
  union all select * from funnel_report.compute_facts(true) where p_live
$$;

create or replace function funnel_report.group_sessions(p_live boolean) returns setof funnel_report.day_sessions
language sql stable set search_path = '' set jit = off as $$
  select f.day, f.flow_id, f.flow_version, f.arms, f.exposed, f.multi, f.utm_source, f.utm_campaign,
    f.device, f.language, f.last_step, f.steps, f.finished, f.lead, count(*)::integer,
    f.revision -- i44-revision:
  from funnel_report.session_facts(p_live) f
  group by f.day, f.flow_id, f.flow_version, f.arms, f.exposed, f.multi, f.utm_source, f.utm_campaign,
    f.device, f.language, f.last_step, f.steps, f.finished, f.lead, f.revision
$$;

create or replace function funnel_report.group_steps(p_live boolean) returns setof funnel_report.day_steps
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
    (count(*) filter (where not p.moved_on and p.is_last and not f.finished))::integer,
    f.revision -- i44-revision:
  from per_step p join facts f on f.session_id = p.session_id
  group by f.day, f.flow_id, f.flow_version, f.arms, f.utm_source, f.device, f.language, p.step_name, f.revision
$$;

create or replace function funnel_report.group_times(p_live boolean) returns setof funnel_report.day_times
language sql stable set search_path = '' set jit = off as $$
  with facts as (select * from funnel_report.session_facts(p_live)), views as (
    select t.session_id, t.step_name, t.visited_at,
      lead(t.step_name) over w as next_step, lead(t.visited_at) over w as next_at
    from public.quiz_step_tracking t join facts f on f.session_id = t.session_id
    where not t.completed
    window w as (partition by t.session_id order by t.visited_at, t.id)
  )
  select f.day, f.flow_id, f.arms, v.step_name,
    funnel_report.time_bucket(extract(epoch from v.next_at - v.visited_at)::double precision), count(*)::integer,
    f.revision -- i44-revision:
  from views v join facts f on f.session_id = v.session_id
  where v.next_at is not null and v.next_step <> v.step_name
  group by 1, 2, 3, 4, 5, 7
$$;

create or replace function funnel_report.compact(p_days date[]) returns void
language sql set search_path = '' as $$
  with gone as (delete from funnel_report.day_sessions d where d.day = any(p_days) returning d.*)
  insert into funnel_report.day_sessions
  select g.day, g.flow_id, g.flow_version, g.arms, g.exposed, g.multi, g.utm_source, g.utm_campaign, g.device,
    g.language, g.last_step, g.steps, g.finished, g.lead, sum(g.sessions)::integer, g.revision -- i44-revision:
  from gone g group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16;
  with gone as (delete from funnel_report.day_steps d where d.day = any(p_days) returning d.*)
  insert into funnel_report.day_steps
  select g.day, g.flow_id, g.flow_version, g.arms, g.utm_source, g.device, g.language, g.step_name,
    sum(g.reached)::integer, sum(g.moved_on)::integer, sum(g.ended_finished)::integer, sum(g.ended_open)::integer,
    g.revision -- i44-revision:
  from gone g group by 1, 2, 3, 4, 5, 6, 7, 8, 13;
  with gone as (delete from funnel_report.day_times d where d.day = any(p_days) returning d.*)
  insert into funnel_report.day_times
  select g.day, g.flow_id, g.arms, g.step_name, g.bucket, sum(g.n)::integer, g.revision from gone g group by 1, 2, 3, 4, 5, 7; -- i44-revision:
$$;

-- A period for the split by revision: whole UTC days (the aggregates' grain), or refused by name.
create function funnel_report.revision_period(p_from timestamptz, p_to timestamptz) returns void
language plpgsql immutable as $$
begin
  if not funnel_report.whole_days(p_from, p_to) then
    perform funnel_private.invalid(case when p_from is null or p_from = date_trunc('day', p_from, 'UTC') then 'to' else 'from' end,
      'the split by revision reads whole UTC days: give a day (YYYY-MM-DD)');
  end if;
end;
$$;

create function funnel_report.revision_conversions(
  p_from timestamptz default null, p_to timestamptz default null, p_flow text default null,
  p_success_steps text[] default null
) returns table (revision text, first_day date, last_day date, sessions integer, leads integer,
  final_clicks integer, successes integer)
language plpgsql stable set search_path = '' set jit = off as $$
begin
  perform funnel_report.revision_period(p_from, p_to);
  return query
  select s.revision, min(s.day), max(s.day), sum(s.sessions)::integer,
    coalesce(sum(s.sessions) filter (where s.lead), 0)::integer,
    coalesce(sum(s.sessions) filter (where s.finished), 0)::integer,
    coalesce(sum(s.sessions) filter (where s.last_step = any (coalesce(p_success_steps, '{}'))), 0)::integer
  from funnel_report.period_sessions(p_from, p_to, p_flow) s
  group by s.revision order by min(s.day), s.revision;
end;
$$;

create function funnel_report.revision_screens(
  p_from timestamptz default null, p_to timestamptz default null, p_flow text default null,
  p_success_steps text[] default null
) returns table (revision text, step_name text, reached integer, continued integer)
language plpgsql stable set search_path = '' set jit = off as $$
begin
  perform funnel_report.revision_period(p_from, p_to);
  return query
  select s.revision, s.step_name, sum(s.reached)::integer,
    sum(s.moved_on + s.ended_finished
      + case when s.step_name = any (coalesce(p_success_steps, '{}')) then s.ended_open else 0 end)::integer
  from funnel_report.period_steps(p_from, p_to, p_flow) s
  group by s.revision, s.step_name;
end;
$$;

create function funnel_report.revision_mix(
  p_from timestamptz default null, p_to timestamptz default null, p_flow text default null
) returns table (revision text, dimension text, value text, sessions integer)
language plpgsql stable set search_path = '' set jit = off as $$
begin
  perform funnel_report.revision_period(p_from, p_to);
  return query
  with s as (select * from funnel_report.period_sessions(p_from, p_to, p_flow))
  select s.revision, 'utm_source'::text, coalesce(s.utm_source, '(none)'), sum(s.sessions)::integer
  from s group by 1, 3
  union all
  select s.revision, 'language'::text, coalesce(s.language, '(none)'), sum(s.sessions)::integer
  from s group by 1, 3;
end;
$$;

comment on function funnel_report.revision_conversions is
  'Per flow revision: its first and last day, sessions, leads, final clicks and success exits (whole UTC days; aggregates plus the live remainder).';
comment on function funnel_report.revision_screens is
  'Per flow revision and screen step: sessions that reached it and that went on (or ended on a success exit).';
comment on function funnel_report.revision_mix is
  'Per flow revision: sessions per traffic source (utm_source) and per language, to tell whether two periods had the same traffic.';

revoke all on all tables in schema funnel_report from public, anon, authenticated;
revoke execute on all functions in schema funnel_report from public, anon, authenticated;
