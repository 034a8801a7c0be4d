-- A batch of the backlog is closed by looking its sessions up, never by reading every step view.
--
-- refresh_batch closes at most 20,000 sessions at a time, yet on 10 M never-refreshed step views each
-- batch took about 22 s against 2 s at 2 M (bench:report --backlog, 2026-11-29). The plan showed why:
-- compute_facts, a SQL function, was planned once for both of its sources (the closing batch and the
-- live remainder, one of them switched off at run time), so the planner took the batch for the
-- 1.9 million open sessions of a backlog, and hashed the whole of each visit table (10 s for the step
-- views alone) to meet 20,000 sessions.
-- Now compute_facts plans its query for the one source it reads, with that table's own size; and the
-- closing part of refresh_batch runs in funnel_report.close_batch(), where sequential scans are kept
-- for what has no better path, so each visit table is reached through its session index. Hash joins
-- between the batch's own rows stay allowed (they are bounded by the batch). The intake, one pass over
-- the new rows grouped by hash, keeps the planner's choice.
--
-- changed: funnel_report.compute_facts (same arguments, columns and figures; planned per source),
-- funnel_report.refresh_batch (its closing part moved); new: funnel_report.close_batch.

create or replace function funnel_report.compute_facts(p_live boolean)
returns table (session_id uuid, day date, flow_id text, flow_version integer, arms jsonb, exposed jsonb,
  multi text[], utm_source text, utm_campaign text, device text, language text, last_step text,
  steps text[], finished boolean, lead boolean, revision text)
language plpgsql stable set search_path = '' set jit = off as $f$
begin
  -- The query text is planned at each call, for the source it names: the live remainder or the batch.
  return query execute replace($q$
  with ids as (
    select i.session_id from {ids} i
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
$q$, '{ids}', case when p_live then 'funnel_report.live_sessions' else 'funnel_report.closing' end);
end;
$f$;

create function funnel_report.close_batch() returns void
language plpgsql set search_path = '' set jit = off set enable_seqscan = off as $$
declare
  v_days date[];
begin
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
end;
$$;
comment on function funnel_report.close_batch is
  'Moves the sessions in funnel_report.closing into the per-day aggregates, each visit table read through its session index.';

create or replace function funnel_report.refresh_batch(p_max integer, p_now timestamptz default now(),
  out closed integer, out remaining bigint)
language plpgsql set search_path = '' set jit = off as $$
declare
  v_last bigint;
  v_top bigint;
begin
  if p_max is null or p_max < 1 then
    perform funnel_private.invalid('max_sessions', 'give a batch size of at least 1');
  end if;
  select s.last_id into v_last from funnel_report.refresh_state s where s.id = 1 for update;
  closed := 0;
  if not exists (select 1 from funnel_report.backlog) then
    -- Intake: the new step views' sessions become open; the open ones idle long enough, the backlog.
    -- One pass each, grouped by hash: linear whatever the size.
    select coalesce(max(t.id), v_last) into v_top from public.quiz_step_tracking t;
    insert into funnel_report.open_sessions (session_id)
    select distinct t.session_id from public.quiz_step_tracking t
    where t.id > v_last - 10000 and t.id <= v_top
      and not exists (select 1 from funnel_report.closed_sessions c where c.session_id = t.session_id)
    on conflict do nothing;
    analyze funnel_report.open_sessions;
    with o as (select session_id from funnel_report.open_sessions), activity as (
      select t.session_id, max(t.visited_at) as at from public.quiz_step_tracking t join o using (session_id) group by 1
      union all select c.session_id, max(c.submitted_at) from public.quiz_completions c join o using (session_id) group by 1
      union all select j.session_id, j.last_activity from public.user_journey_sessions j join o using (session_id)
      union all select u.session_id, max(u.created_at) from public.user_assessments u join o using (session_id) group by 1
      union all select x.session_id, max(x.exposed_at) from public.experiment_exposures x join o using (session_id) group by 1
    )
    insert into funnel_report.backlog (session_id)
    select a.session_id from activity a group by a.session_id
    having max(a.at) < p_now - funnel_report.idle_interval();
    update funnel_report.refresh_state set last_id = v_top where id = 1;
  end if;
  with moved as (
    delete from funnel_report.backlog b
    where b.session_id in (select k.session_id from funnel_report.backlog k order by k.session_id limit p_max)
    returning b.session_id
  ) insert into funnel_report.closing (session_id) select m.session_id from moved m;
  get diagnostics closed = row_count;
  if closed > 0 then
    perform funnel_report.close_batch();
    -- Empty again, and known to be: the live remainder's plans must not expect them full.
    analyze funnel_report.closing;
    analyze funnel_report.closing_facts;
    analyze funnel_report.open_sessions;
    analyze funnel_report.closed_sessions;
  end if;
  select count(*) into remaining from funnel_report.backlog;
  if remaining = 0 then
    -- Counts up the generation too (trigger): a remainder held before this is set aside.
    update funnel_report.refresh_state set refreshed_at = p_now where id = 1;
  elsif closed > 0 then
    update funnel_report.refresh_state set last_id = last_id where id = 1;
  end if;
end;
$$;

revoke execute on function funnel_report.close_batch() from public, anon, authenticated;
