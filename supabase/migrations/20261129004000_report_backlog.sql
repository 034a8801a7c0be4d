-- No backlog is pathological (issue 46 point 1).
--
-- A database loaded with months of step views and never refreshed (plain PostgreSQL has no pg_cron)
-- made the first report compute the whole backlog as its "live remainder", with plans forced to nested
-- loops: fine for a few thousand live sessions, hopeless for 300 k. Now:
--   funnel_report.refresh_batch(max)  moves at most max final sessions into the aggregates and says
--                                     how many it closed and how many final ones remain, so a caller
--                                     (npm run report, --refresh-only, the local server) works a backlog
--                                     off in bounded steps with a progress line;
--   funnel_report.refresh()           the same in batches until none remain (pg_cron keeps calling it);
--   funnel_report.live_size()         an estimate of the live remainder's size;
--   funnel_report.hold_live()         keeps the nested loops only for a small remainder, and lets the
--                                     planner hash and merge (linear) for a large one.
-- refresh_state.refreshed_at is set when a refresh has left no final session behind: the report shows it.

-- The final sessions found by an intake, waiting to be closed batch by batch.
create table funnel_report.backlog (session_id uuid primary key);

-- The live remainder above which hold_live lets the planner pick hash and merge joins.
create function funnel_report.nested_loop_limit() returns integer
language sql immutable as $$ select 5000 $$;

-- The open sessions plus the step views above the live watermark: an upper bound of the live sessions.
create function funnel_report.live_size() returns bigint
language sql stable set search_path = '' as $$
  select (select count(*) from funnel_report.open_sessions)
    + (select count(*) from public.quiz_step_tracking t
       where t.id > (select s.last_id - 10000 from funnel_report.refresh_state s where s.id = 1))
$$;

create function funnel_report.refresh_batch(p_max integer, p_now timestamptz default now(),
  out closed integer, out remaining bigint)
language plpgsql set search_path = '' set jit = off as $$
declare
  v_last bigint;
  v_top bigint;
  v_days date[];
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
  select count(*) into remaining from funnel_report.backlog;
  if remaining = 0 then
    -- Counts up the generation too (trigger): a remainder held before this is set aside.
    update funnel_report.refresh_state set refreshed_at = p_now where id = 1;
  elsif closed > 0 then
    update funnel_report.refresh_state set last_id = last_id where id = 1;
  end if;
end;
$$;
comment on function funnel_report.refresh_batch is
  'Moves at most p_max final sessions into the per-day aggregates; returns how many it closed and how many final ones remain.';

-- Same name, arguments and result as before: every final session, now in batches of 20,000.
create or replace function funnel_report.refresh(p_now timestamptz default now()) returns integer
language plpgsql set search_path = '' set jit = off as $$
declare
  v_total integer := 0;
  v_batch record;
begin
  loop
    select * into v_batch from funnel_report.refresh_batch(20000, p_now);
    v_total := v_total + v_batch.closed;
    exit when v_batch.remaining = 0;
  end loop;
  return v_total;
end;
$$;

-- The nested loops (forced by the function's settings) only for a small remainder.
create or replace function funnel_report.hold_live() returns boolean
language plpgsql volatile set search_path = '' set jit = off
  set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
begin
  if current_setting('transaction_read_only')::boolean then
    return false;
  end if;
  if funnel_report.live_size() > funnel_report.nested_loop_limit() then
    -- Local to this call: the function's own settings come back when it returns.
    perform set_config('enable_seqscan', 'on', true);
    perform set_config('enable_hashjoin', 'on', true);
    perform set_config('enable_mergejoin', 'on', true);
  end if;
  perform funnel_report.release_live();
  create temporary table funnel_live_held as select s.generation from funnel_report.refresh_state s where s.id = 1;
  execute 'create temporary table funnel_live_sessions as select * from funnel_report.group_sessions(true)';
  execute 'create temporary table funnel_live_steps as select * from funnel_report.group_steps(true)';
  execute 'create temporary table funnel_live_times as select * from funnel_report.group_times(true)';
  return true;
exception when insufficient_privilege then
  return false;
end;
$$;

revoke all on all tables in schema funnel_report from public, anon, authenticated;
revoke execute on all functions in schema funnel_report from public, anon, authenticated;
