-- Experiments and the funnel report (issue 15).
-- 1. Exposures: the browser records, once per visitor and experiment, the first time she reaches a
--    screen her variant changes (never on assignment alone), through the validated RPC track_exposure.
-- 2. The report's figures, as views and functions in the schema funnel_report, so Supabase's SQL editor
--    or any BI tool reads the same numbers as `npm run report`. Nothing here is readable or executable by
--    anon or authenticated: the figures are for the team, never the browser.

-- The `variants` column of the records (the cross-team contract: { "<experiment>": { "variant", "override" } }).
-- The generic-records migration adds it with the RPC argument; `if not exists` keeps this one independent.
alter table public.user_journey_sessions add column if not exists variants jsonb;
alter table public.quiz_step_tracking add column if not exists variants jsonb;
alter table public.quiz_completions add column if not exists variants jsonb;

create table public.experiment_exposures (
  id bigint generated always as identity primary key,
  event_id uuid not null unique,
  visitor_id uuid not null,
  session_id uuid not null,
  experiment_id text not null check (experiment_id ~ '^[a-z][a-z0-9_-]{0,62}$'),
  variant_id text not null check (variant_id ~ '^[a-z][a-z0-9_-]{0,62}$'),
  override boolean not null default false,
  screen text not null check (char_length(screen) between 1 and 64),
  exposed_at timestamptz not null default now(),
  -- One exposure per visitor and experiment: a second tab or a reload writes nothing.
  unique (visitor_id, experiment_id)
);
comment on table public.experiment_exposures is
  'The first time a visitor reached a screen her experiment variant changes; override marks a ?variant= visit (QA), left out of results.';
alter table public.experiment_exposures enable row level security;
create policy "browser roles see and change nothing" on public.experiment_exposures
  as restrictive for all to anon, authenticated using (false) with check (false);
revoke all on table public.experiment_exposures from anon, authenticated;
revoke all on all sequences in schema public from anon, authenticated;

create function funnel_private.exposure_id_arg(field text, value jsonb) returns text
language plpgsql immutable as $$
declare
  result text := funnel_private.text_arg(field, value, 63, true);
begin
  if result !~ '^[a-z][a-z0-9_-]{0,62}$' then
    perform funnel_private.invalid(field, 'must be lower-case letters, digits, _ or -, starting with a letter');
  end if;
  return result;
end;
$$;

create function public.track_exposure(
  event_id jsonb, visitor_id jsonb, session_id jsonb, experiment jsonb, variant jsonb, screen jsonb,
  override jsonb default null, exposed_at jsonb default null
) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_event uuid := funnel_private.uuid_arg('event_id', track_exposure.event_id, true);
  v_visitor uuid := funnel_private.uuid_arg('visitor_id', track_exposure.visitor_id, true);
  v_session uuid := funnel_private.uuid_arg('session_id', track_exposure.session_id, true);
  v_experiment text := funnel_private.exposure_id_arg('experiment', track_exposure.experiment);
  v_variant text := funnel_private.exposure_id_arg('variant', track_exposure.variant);
  v_screen text := funnel_private.text_arg('screen', track_exposure.screen, 64, true);
  v_override boolean := funnel_private.bool_arg('override', track_exposure.override, false);
  v_exposed timestamptz := funnel_private.time_arg('exposed_at', track_exposure.exposed_at);
begin
  insert into public.experiment_exposures (
    event_id, visitor_id, session_id, experiment_id, variant_id, override, screen, exposed_at
  ) values (v_event, v_visitor, v_session, v_experiment, v_variant, v_override, v_screen, v_exposed)
  on conflict do nothing;
end;
$$;
comment on function public.track_exposure is
  'Record that a visitor first reached a screen her experiment variant changes; a repeat (same event or same visitor and experiment) writes nothing.';

revoke execute on function funnel_private.exposure_id_arg(text, jsonb) from public, anon, authenticated;
revoke execute on function public.track_exposure(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb)
  from public, anon, authenticated;
grant execute on function public.track_exposure(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb) to anon;

-- The report. A schema of its own that no browser role may even look into.
create schema funnel_report;
revoke all on schema funnel_report from public, anon, authenticated;
alter default privileges in schema funnel_report revoke all on tables from public, anon, authenticated;
alter default privileges in schema funnel_report revoke execute on functions from public, anon, authenticated;
comment on schema funnel_report is
  'The funnel report''s figures (npm run report): per-screen reach, continuation and time along the paths sessions took; conversions per experiment arm. Not exposed to the browser.';

-- Every screen view in the order the session saw it, with the view that followed it. Figures come from
-- these real sequences (branches, deep links and Back included), never from the flow's screen order.
create view funnel_report.step_views as
select
  t.session_id,
  t.step_name,
  t.visited_at,
  t.variants,
  t.flow_id,
  lead(t.step_name) over w as next_step,
  lead(t.visited_at) over w as next_at,
  min(t.visited_at) over (partition by t.session_id) as session_start
from public.quiz_step_tracking t
where not t.completed
window w as (partition by t.session_id order by t.visited_at, t.id);
comment on view funnel_report.step_views is 'Each screen view with the next view of the same session (null: the session ended there).';

-- The arm each session is in, per experiment: the first variant its step views carry, else the one of
-- an exposure recorded in that session; override marks QA visits, which results leave out.
create view funnel_report.session_arms as
select distinct on (session_id, experiment_id) session_id, experiment_id, variant_id, override
from (
  select v.session_id, e.key as experiment_id, e.value ->> 'variant' as variant_id,
    coalesce(e.value ->> 'override' = 'true', false) as override, 0 as source, v.visited_at as at
  from funnel_report.step_views v
  cross join lateral jsonb_each(coalesce(v.variants, '{}'::jsonb)) e
  union all
  select x.session_id, x.experiment_id, x.variant_id, x.override, 1, x.exposed_at
  from public.experiment_exposures x
) tagged
order by session_id, experiment_id, source, at;
comment on view funnel_report.session_arms is 'Each session''s variant per experiment (first touch wins); override = a ?variant= QA visit.';

-- Per arm and screen: sessions that reached it, that went on (viewed another screen after it, or it was
-- their last view and they clicked the final call to action, which leaves the funnel), and the median
-- seconds from a view of it to the next view. p_experiment null: one arm, 'all', of every session.
-- p_flow: only that flow's step views (rows from before step views named their flow count for any).
create function funnel_report.screen_figures(
  p_experiment text default null, p_from timestamptz default null, p_to timestamptz default null,
  p_flow text default null
) returns table (arm text, step_name text, reached integer, continued integer, median_seconds double precision)
language sql stable set search_path = '' as $$
  with views as (
    select coalesce(a.variant_id, 'all') as arm, v.*
    from funnel_report.step_views v
    left join funnel_report.session_arms a
      on a.session_id = v.session_id and a.experiment_id = p_experiment
    where (p_from is null or v.session_start >= p_from)
      and (p_to is null or v.session_start < p_to)
      and (p_flow is null or v.flow_id is null or v.flow_id = p_flow)
      and (p_experiment is null or (a.variant_id is not null and not a.override))
  ), finished as (
    select j.session_id from public.user_journey_sessions j where j.clicked_final_cta
    union select u.session_id from public.user_assessments u where u.clicked_final_cta
    union select q.session_id from public.quiz_completions q where q.clicked_final_cta
  ), per_session as (
    select v.arm, v.session_id, v.step_name,
      bool_or((v.next_step is not null and v.next_step <> v.step_name)
        or (v.next_step is null and f.session_id is not null)) as continued
    from views v left join finished f on f.session_id = v.session_id
    group by v.arm, v.session_id, v.step_name
  ), times as (
    select w.arm, w.step_name,
      percentile_cont(0.5) within group (order by extract(epoch from w.next_at - w.visited_at)) as median_seconds
    from views w
    where w.next_at is not null and w.next_step <> w.step_name
    group by w.arm, w.step_name
  )
  select s.arm, s.step_name, count(*)::integer as reached, (count(*) filter (where s.continued))::integer as continued,
    max(t.median_seconds) as median_seconds
  from per_session s left join times t on t.arm = s.arm and t.step_name = s.step_name
  group by s.arm, s.step_name
$$;
comment on function funnel_report.screen_figures is
  'Per arm and screen step: sessions that reached it, that went on to another screen, and the median seconds spent on it.';

-- Per arm: sessions, leads, final clicks and goal sessions. With p_experiment, an arm's sessions are
-- those exposed to it (override visits left out); p_goal_steps: the step names whose view is the goal.
create function funnel_report.arm_conversions(
  p_experiment text default null, p_goal_steps text[] default null,
  p_from timestamptz default null, p_to timestamptz default null, p_flow text default null
) returns table (arm text, sessions integer, leads integer, final_clicks integer, goals integer)
language sql stable set search_path = '' as $$
  with sessions as (
    select v.session_id, min(v.visited_at) as started,
      bool_or(v.step_name = any (coalesce(p_goal_steps, '{}'))) as goal
    from funnel_report.step_views v
    where p_flow is null or v.flow_id is null or v.flow_id = p_flow
    group by v.session_id
  ), armed as (
    select s.*, coalesce(x.variant_id, 'all') as arm
    from sessions s
    left join public.experiment_exposures x
      on x.session_id = s.session_id and x.experiment_id = p_experiment and not x.override
    where (p_from is null or s.started >= p_from) and (p_to is null or s.started < p_to)
      and (p_experiment is null or x.variant_id is not null)
  )
  select a.arm, count(*)::integer as sessions,
    -- A partial lead (an email left before the form was sent) is not a lead.
    count(*) filter (where exists (
      select 1 from public.quiz_completions q where q.session_id = a.session_id and not q.partial))::integer,
    count(*) filter (where exists (
      select 1 from public.user_journey_sessions j where j.session_id = a.session_id and j.clicked_final_cta)
      or exists (select 1 from public.user_assessments u where u.session_id = a.session_id and u.clicked_final_cta)
      or exists (select 1 from public.quiz_completions q where q.session_id = a.session_id and q.clicked_final_cta))::integer,
    count(*) filter (where a.goal)::integer
  from armed a group by a.arm
$$;
comment on function funnel_report.arm_conversions is
  'Per arm: sessions, sessions with a lead, with the final call to action clicked, and with a goal step viewed.';

revoke all on all tables in schema funnel_report from public, anon, authenticated;
revoke execute on all functions in schema funnel_report from public, anon, authenticated;
