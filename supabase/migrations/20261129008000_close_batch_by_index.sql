-- A batch of the backlog is closed by looking its sessions up, never by reading every step view.
--
-- refresh_batch closes at most 20,000 sessions at a time, yet on 10 M never-refreshed step views each
-- batch took about 22 s against 2 s at 2 M (bench:report --backlog, 2026-11-29): after a few batches the
-- planner read public.quiz_step_tracking (and the other visit tables) with a parallel scan of the whole
-- table instead of the session index, so a batch's cost grew with the table instead of the batch.
-- The closing part now runs in funnel_report.close_batch(), whose own setting keeps sequential scans
-- for what has no better path: every visit table is reached through its session index, and hash joins
-- between the batch's own rows stay allowed (they are bounded by the batch). The intake, one pass over
-- the new rows grouped by hash, keeps the planner's choice.
--
-- changed: funnel_report.refresh_batch (its closing part moved); new: funnel_report.close_batch.

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
