-- The report by language (issue 32 point 4): conversions_by takes a fourth dimension, 'language', the
-- language the session was shown in (its first step view that names one, else its lead's; '(none)' for
-- sessions from pages that sent none). Copied from 20261127000300_report_aggregates.sql; the only
-- changes are the lines marked `-- i32-language:`.

create or replace function funnel_report.conversions_by(
  p_dimension text, p_from timestamptz default null, p_to timestamptz default null,
  p_flow text default null, p_success_steps text[] default null
) returns table (value text, sessions integer, leads integer, final_clicks integer, successes integer)
language plpgsql stable set search_path = '' as $$
begin
  if p_dimension not in ('utm_source', 'utm_campaign', 'device', 'language') then -- i32-language:
    perform funnel_private.invalid('dimension', 'must be utm_source, utm_campaign, device or language'); -- i32-language:
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
        when 'language' then funnel_report.session_language(s.session_id) -- i32-language:
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

-- i32-language: the language a session was shown in.
create function funnel_report.session_language(p_session uuid) returns text
language sql stable set search_path = '' as $$
  select coalesce(
    (select t.language from public.quiz_step_tracking t
      where t.session_id = p_session and t.language is not null order by t.visited_at, t.id limit 1),
    (select c.language from public.quiz_completions c
      where c.session_id = p_session and c.language is not null order by c.submitted_at limit 1))
$$;
comment on function funnel_report.session_language is
  'The language a session was shown in: its first step view''s, else its lead''s (null: none recorded).';
comment on function funnel_report.conversions_by is
  'Per utm_source, utm_campaign, device class or language: sessions, leads, final clicks and success exits.';

revoke all on all tables in schema funnel_report from public, anon, authenticated;
revoke execute on all functions in schema funnel_report from public, anon, authenticated;
