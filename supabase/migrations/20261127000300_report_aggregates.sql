-- The funnel report, issue 31 (and issue 27 point 7).
-- 1. Success exits: the flow marks a screen `track.goal` (a hand-off to a partner page, say); the report
--    passes those step names, and a session whose views end there has converted: it counts as a goal and
--    as continued on that screen, never as a drop-off.
-- 2. One population per table: an arm's header counts the sessions its screen table counts (the
--    sessions in the arm, QA overrides left out); the header counted only the exposed ones, so a table
--    could reach 5 sessions on its first screen under a header saying 3. The experiment's verdict still
--    judges exposed sessions only (p_exposed_only), and says so.

-- The arm each session is in, per experiment: its first exposure that is not a ?variant= QA visit.
create view funnel_report.exposed_arms as
select distinct on (x.session_id, x.experiment_id) x.session_id, x.experiment_id, x.variant_id
from public.experiment_exposures x
where not x.override
order by x.session_id, x.experiment_id, x.exposed_at;
comment on view funnel_report.exposed_arms is 'Each exposed session''s arm per experiment (QA overrides left out).';

drop function funnel_report.screen_figures(text, timestamptz, timestamptz, text);
drop function funnel_report.arm_conversions(text, text[], timestamptz, timestamptz, text);

create function funnel_report.screen_figures(
  p_experiment text default null, p_from timestamptz default null, p_to timestamptz default null,
  p_flow text default null, p_success_steps text[] default null
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
        or (v.next_step is null and (f.session_id is not null
          -- issue 27 / i31-report: a session that ends on a success exit has converted.
          or v.step_name = any (coalesce(p_success_steps, '{}'))))) as continued
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
  'Per arm and screen step: sessions that reached it, that went on to another screen (or ended on a success exit), and the median seconds spent on it.';

-- Per arm: sessions, leads, final clicks, goal sessions (a goal step viewed) and successes (the session
-- ended on a success exit). The same population as screen_figures; p_exposed_only: an experiment's
-- sessions exposed to it instead (its verdict's population).
create function funnel_report.arm_conversions(
  p_experiment text default null, p_goal_steps text[] default null,
  p_from timestamptz default null, p_to timestamptz default null, p_flow text default null,
  p_success_steps text[] default null, p_exposed_only boolean default false
) returns table (arm text, sessions integer, leads integer, final_clicks integer, goals integer, successes integer)
language sql stable set search_path = '' as $$
  with sessions as (
    select v.session_id, min(v.session_start) as started,
      bool_or(v.step_name = any (coalesce(p_goal_steps, '{}'))) as goal,
      bool_or(v.next_step is null and v.step_name = any (coalesce(p_success_steps, '{}'))) as success
    from funnel_report.step_views v
    where p_flow is null or v.flow_id is null or v.flow_id = p_flow
    group by v.session_id
  ), armed as (
    select s.*, coalesce(case when p_exposed_only then x.variant_id else a.variant_id end, 'all') as arm
    from sessions s
    left join funnel_report.session_arms a
      on a.session_id = s.session_id and a.experiment_id = p_experiment and not a.override
    left join funnel_report.exposed_arms x
      on x.session_id = s.session_id and x.experiment_id = p_experiment
    where (p_from is null or s.started >= p_from) and (p_to is null or s.started < p_to)
      and (p_experiment is null
        or (case when p_exposed_only then x.variant_id else a.variant_id end) is not null)
  )
  select a.arm, count(*)::integer as sessions,
    -- A partial lead (an email left before the form was sent) is not a lead.
    count(*) filter (where exists (
      select 1 from public.quiz_completions q where q.session_id = a.session_id and not q.partial))::integer,
    count(*) filter (where exists (
      select 1 from public.user_journey_sessions j where j.session_id = a.session_id and j.clicked_final_cta)
      or exists (select 1 from public.user_assessments u where u.session_id = a.session_id and u.clicked_final_cta)
      or exists (select 1 from public.quiz_completions q where q.session_id = a.session_id and q.clicked_final_cta))::integer,
    count(*) filter (where a.goal)::integer,
    count(*) filter (where a.success)::integer
  from armed a group by a.arm
$$;
comment on function funnel_report.arm_conversions is
  'Per arm: sessions, sessions with a lead, with the final call to action clicked, with a goal step viewed, and ended on a success exit.';

-- The multiple-exposure check: sessions seen in more than one arm of an experiment (their step views or
-- their exposure name different variants, QA overrides left out). Any such session means assignment is
-- not sticky, and its arm's figures mix two experiences.
create function funnel_report.multiple_exposures(
  p_experiment text, p_from timestamptz default null, p_to timestamptz default null, p_flow text default null
) returns integer
language sql stable set search_path = '' as $$
  with seen as (
    select v.session_id, e.value ->> 'variant' as variant_id, v.visited_at as at
    from public.quiz_step_tracking v
    cross join lateral jsonb_each(coalesce(v.variants, '{}'::jsonb)) e
    where e.key = p_experiment and coalesce(e.value ->> 'override' = 'true', false) = false
      and (p_flow is null or v.flow_id is null or v.flow_id = p_flow)
    union all
    select x.session_id, x.variant_id, x.exposed_at
    from public.experiment_exposures x
    where x.experiment_id = p_experiment and not x.override
  )
  select count(*)::integer from (
    select session_id from seen group by session_id
    having count(distinct variant_id) > 1
      and (p_from is null or min(at) >= p_from) and (p_to is null or min(at) < p_to)
  ) twice
$$;
comment on function funnel_report.multiple_exposures is
  'Sessions seen in more than one arm of an experiment (QA overrides left out).';

-- Conversion by source and device. The device class (phone, tablet, desktop; unknown without a user
-- agent) is a stored column computed from the session's user agent, so reports group by it cheaply.
create function funnel_private.device_class(user_agent text) returns text
language sql immutable set search_path = '' as $$
  select case
    when user_agent is null or btrim(user_agent) = '' then 'unknown'
    when user_agent ~* '(ipad|tablet|kindle|silk/|playbook)' or (user_agent ~* 'android' and user_agent !~* 'mobile') then 'tablet'
    when user_agent ~* '(mobi|iphone|ipod|android|windows phone|blackberry|opera mini)' then 'phone'
    else 'desktop'
  end
$$;
revoke execute on function funnel_private.device_class(text) from public, anon, authenticated;
comment on function funnel_private.device_class is 'phone, tablet, desktop or unknown, from a user agent.';

alter table public.user_journey_sessions
  add column device_class text generated always as (funnel_private.device_class(user_agent)) stored;

-- Per value of one dimension (utm_source, utm_campaign or device): sessions, leads, final clicks and
-- success exits, over the sessions that started in the period. '(none)': the session carried no value.
create function funnel_report.conversions_by(
  p_dimension text, p_from timestamptz default null, p_to timestamptz default null,
  p_flow text default null, p_success_steps text[] default null
) returns table (value text, sessions integer, leads integer, final_clicks integer, successes integer)
language plpgsql stable set search_path = '' as $$
begin
  if p_dimension not in ('utm_source', 'utm_campaign', 'device') then
    perform funnel_private.invalid('dimension', 'must be utm_source, utm_campaign or device');
  end if;
  return query
  with sessions as (
    select v.session_id, min(v.session_start) as started,
      bool_or(v.next_step is null and v.step_name = any (coalesce(p_success_steps, '{}'))) as success
    from funnel_report.step_views v
    where p_flow is null or v.flow_id is null or v.flow_id = p_flow
    group by v.session_id
  ), valued as (
    select s.*, coalesce(case p_dimension
        when 'utm_source' then j.utm_source when 'utm_campaign' then j.utm_campaign
        else j.device_class end, case when p_dimension = 'device' then 'unknown' else '(none)' end) as value
    from sessions s left join public.user_journey_sessions j on j.session_id = s.session_id
    where (p_from is null or s.started >= p_from) and (p_to is null or s.started < p_to)
  )
  select a.value, count(*)::integer,
    (count(*) filter (where exists (
      select 1 from public.quiz_completions q where q.session_id = a.session_id and not q.partial)))::integer,
    (count(*) filter (where exists (
      select 1 from public.user_journey_sessions j where j.session_id = a.session_id and j.clicked_final_cta)
      or exists (select 1 from public.user_assessments u where u.session_id = a.session_id and u.clicked_final_cta)
      or exists (select 1 from public.quiz_completions q where q.session_id = a.session_id and q.clicked_final_cta)))::integer,
    (count(*) filter (where a.success))::integer
  from valued a group by a.value order by count(*) desc, a.value;
end;
$$;
comment on function funnel_private.device_class is 'phone, tablet, desktop or unknown, from a user agent.';
comment on function funnel_report.conversions_by is
  'Per utm_source, utm_campaign or device class: sessions, leads, final clicks and success exits.';

revoke all on all tables in schema funnel_report from public, anon, authenticated;
revoke execute on all functions in schema funnel_report from public, anon, authenticated;
