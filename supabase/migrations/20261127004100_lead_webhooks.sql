-- Server-side lead webhooks (issue 31 part 4).
--
-- Lead sinks moved from the visitor's browser to the database: every full lead (a new full row of
-- public.quiz_completions, or a partial row upgraded to a full one) queues one job here, in the same
-- transaction as the save, by a trigger (save_quiz_completion itself is not redefined). A worker (the
-- local server's, or the lead-webhooks edge function) posts the lead to each sink the lead's flow
-- names (supabase/functions/_shared/lead-webhooks.ts), signed with the sink's secret from the server's
-- environment. The job holds no personal data: the lead is read from quiz_completions when the job is
-- claimed, so deleting a lead leaves nothing behind here.
--
-- A job remembers which sinks have the lead (done_sinks) and which refused it or ran out of retries
-- (dead_sinks: the dead letters, counted by `npm run report`). It is finished when every sink is one
-- or the other. A job is sent only within 3 days of its lead: a sink added later (or a worker started
-- late) never receives a backlog of old leads; older unfinished jobs count as expired.

create table funnel_private.lead_webhooks (
  id bigint generated always as identity primary key,
  lead_id uuid not null unique,
  flow_id text,
  queued_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- A worker's claim: another worker leaves the job alone until this passes (a crashed worker's lapses).
  claimed_until timestamptz,
  done_sinks text[] not null default '{}',
  dead_sinks text[] not null default '{}',
  finished_at timestamptz,
  last_status integer
);
comment on table funnel_private.lead_webhooks is
  'Outbox of lead webhook deliveries (one job per full lead; no personal data, the lead is read at claim time). Not reachable by browser roles.';
create index lead_webhooks_due_idx on funnel_private.lead_webhooks (next_attempt_at) where finished_at is null;
alter table funnel_private.lead_webhooks enable row level security;
revoke all on funnel_private.lead_webhooks from public, anon, authenticated;

create function funnel_private.queue_lead_webhook() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- A partial lead is never sent; a full one is queued once (a retried save changes nothing).
  if new.partial then return null; end if;
  if tg_op = 'UPDATE' and not old.partial then return null; end if;
  insert into funnel_private.lead_webhooks (lead_id, flow_id) values (new.id, new.flow_id)
  on conflict (lead_id) do nothing;
  return null;
end;
$$;

create trigger quiz_completions_lead_webhook
  after insert or update of partial on public.quiz_completions
  for each row execute function funnel_private.queue_lead_webhook();

-- The worker's side (service role only): claim due jobs of the worker's flows, with the lead as the
-- sinks receive it, then settle each.
create function public.lead_webhook_claim(
  max_rows integer, lease_seconds integer, flow_ids text[], at timestamptz default now()
) returns table (id bigint, attempts integer, done_sinks text[], lead jsonb)
language plpgsql security definer set search_path = '' as $$
begin
  return query
  with claimed as (
    update funnel_private.lead_webhooks w
       set claimed_until = at + make_interval(secs => lease_seconds)
     where w.id in (
       select d.id from funnel_private.lead_webhooks d
        where d.finished_at is null and d.flow_id = any(flow_ids)
          and d.queued_at > at - interval '3 days'
          and d.next_attempt_at <= at and (d.claimed_until is null or d.claimed_until <= at)
        order by d.next_attempt_at, d.id
        limit max_rows
        for update skip locked)
    -- Settled sinks (delivered or dead-lettered) are not posted to again.
    returning w.id, w.attempts, w.done_sinks || w.dead_sinks as done_sinks, w.lead_id
  )
  select c.id, c.attempts, c.done_sinks,
    case when q.id is null then null else jsonb_build_object(
      'leadId', q.id,
      'sessionId', q.session_id,
      'flowId', q.flow_id,
      'flowVersion', q.flow_version,
      'name', q.name,
      'email', q.email,
      'answers', coalesce(q.answers, '{}'::jsonb),
      -- The results the flow keeps with its lead (tracking.lead.result; migration 20261127004000).
      'result', coalesce(q.result, '{}'::jsonb),
      'utm', jsonb_strip_nulls(jsonb_build_object(
        'utm_source', q.utm_source, 'utm_medium', q.utm_medium, 'utm_campaign', q.utm_campaign,
        'utm_term', q.utm_term, 'utm_content', q.utm_content, 'fbclid', q.fbclid, 'gclid', q.gclid)),
      'submittedAt', to_char(q.submitted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    ) end
  from claimed c left join public.quiz_completions q on q.id = c.lead_id;
end;
$$;

-- delivered / dead: the sinks this attempt settled. retry_at null: nothing is left to try.
create function public.lead_webhook_settle(
  job bigint, delivered text[], dead text[], status integer, retry_at timestamptz, at timestamptz default now()
) returns void
language plpgsql security definer set search_path = '' as $$
begin
  update funnel_private.lead_webhooks w set
    attempts = w.attempts + 1,
    last_status = status,
    claimed_until = null,
    done_sinks = array(select distinct s from unnest(w.done_sinks || coalesce(delivered, '{}')) s order by s),
    dead_sinks = array(select distinct s from unnest(w.dead_sinks || coalesce(dead, '{}')) s order by s),
    finished_at = case when retry_at is null then at else null end,
    next_attempt_at = coalesce(retry_at, 'infinity')
  where w.id = job and w.finished_at is null;
end;
$$;

-- For `npm run report`: how many leads are waiting, and how many sinks gave up on a lead.
create function public.lead_webhook_counts()
returns table (pending bigint, dead_letters bigint, delivered bigint)
language sql stable security definer set search_path = '' as $$
  select count(*) filter (where finished_at is null and queued_at > now() - interval '3 days'),
         coalesce(sum(cardinality(dead_sinks)), 0)::bigint,
         coalesce(sum(cardinality(done_sinks)), 0)::bigint
  from funnel_private.lead_webhooks
$$;

revoke execute on function funnel_private.queue_lead_webhook() from public, anon, authenticated;
revoke execute on function
  public.lead_webhook_claim(integer, integer, text[], timestamptz),
  public.lead_webhook_settle(bigint, text[], text[], integer, timestamptz, timestamptz),
  public.lead_webhook_counts()
  from public, anon, authenticated;
grant execute on function
  public.lead_webhook_claim(integer, integer, text[], timestamptz),
  public.lead_webhook_settle(bigint, text[], text[], integer, timestamptz, timestamptz),
  public.lead_webhook_counts()
  to service_role;
