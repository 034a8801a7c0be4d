-- Server-side Meta conversions and partial leads (issue 16).
--
-- Each Lead (a saved lead) and CompleteRegistration (the final click) the flow's pixel declares is also
-- queued here, in the same transaction as the lead or the click, for a worker to send to Meta's
-- Conversions API (supabase/functions/_shared/meta-capi.ts). The row holds only what Meta receives:
-- the email and name are SHA-256 hashed here (Meta's normalisation), never stored in plain text.
-- The event id is the browser pixel's eventID (the lead id), so Meta deduplicates the two.
--
-- Consent travels with the event: 'not-needed' (the flow asks none), 'granted', or 'pending' (asked, not
-- answered yet: held, never delivered until record_ad_consent grants it; a decline deletes it). A
-- declined visitor's browser sends no `meta` argument at all, so nothing is queued.
--
-- save_quiz_completion is copied from 20261123000200_generic_records.sql with two trailing arguments
-- added (meta, partial) and the insert made partial-aware; record_final_click from
-- 20261121000100_funnel_rpc.sql with two trailing arguments added (lead_id, meta). Nothing else changed.

alter table public.quiz_completions
  add column partial boolean not null default false,
  add column ad_consent text check (ad_consent in ('not-needed', 'granted', 'denied', 'pending')),
  -- A partial lead may not have a name yet.
  alter column name drop not null;
comment on column public.quiz_completions.partial is
  'True for a partial lead: a visitor typed a valid email and left before sending the form. Upgraded in place (same row) when she completes.';

create table funnel_private.meta_events (
  id bigint generated always as identity primary key,
  event_name text not null check (event_name in ('Lead', 'CompleteRegistration')),
  event_id uuid not null,
  session_id uuid not null,
  consent text not null check (consent in ('not-needed', 'granted', 'pending')),
  -- The Conversions API event as Meta receives it (hashed user data only).
  payload jsonb not null check (octet_length(payload::text) <= 8192),
  queued_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- A worker's claim: another worker leaves the row alone until this passes (a crashed worker's claim lapses).
  claimed_until timestamptz,
  -- Set only after Meta answered 2xx; a delivered row is never sent again.
  delivered_at timestamptz,
  last_status integer,
  unique (event_name, event_id)
);
comment on table funnel_private.meta_events is
  'Outbox of Conversions API events (hashed user data), delivered by the meta-capi worker. Not reachable by browser roles.';
create index meta_events_due_idx on funnel_private.meta_events (next_attempt_at) where delivered_at is null;
alter table funnel_private.meta_events enable row level security;
revoke all on funnel_private.meta_events from public, anon, authenticated;

-- The session's consent decision, in case it reaches the server before the lead does.
create table funnel_private.ad_consents (
  session_id uuid primary key,
  consent text not null check (consent in ('granted', 'denied')),
  decided_at timestamptz not null default now()
);
alter table funnel_private.ad_consents enable row level security;
revoke all on funnel_private.ad_consents from public, anon, authenticated;

create function funnel_private.sha256_hex(value text) returns text
language sql immutable as $$ select encode(sha256(convert_to(value, 'UTF8')), 'hex') $$;

-- Meta's name rule: lowercase, trimmed, no punctuation (letters of any script are kept).
create function funnel_private.meta_name(value text) returns text
language sql immutable as $$
  select nullif(regexp_replace(lower(btrim(value)), '[[:punct:][:space:]]', '', 'g'), '')
$$;

-- The request's header, as PostgREST exposes it (the local backend sets the same setting).
create function funnel_private.request_header(name text) returns text
language plpgsql stable as $$
declare
  raw text := current_setting('request.headers', true);
begin
  if raw is null or raw = '' then return null; end if;
  return nullif(btrim(raw::jsonb->>name), '');
exception when others then
  return null;
end;
$$;

-- The `meta` argument: { consent, event_time, event_source_url, fbp?, fbc?, custom_data? }.
create function funnel_private.meta_arg(field text, value jsonb) returns jsonb
language plpgsql immutable as $$
begin
  if value is null or jsonb_typeof(value) = 'null' then return null; end if;
  if jsonb_typeof(value) <> 'object' then
    perform funnel_private.invalid(field, 'must be an object');
  end if;
  perform funnel_private.enum_arg(field || '.consent', value->'consent', array['not-needed', 'granted', 'pending'], true);
  perform funnel_private.int_arg(field || '.event_time', value->'event_time', 1600000000, 2000000000, true);
  perform funnel_private.text_arg(field || '.event_source_url', value->'event_source_url', 2048, true);
  perform funnel_private.text_arg(field || '.fbp', value->'fbp', 256, false);
  perform funnel_private.text_arg(field || '.fbc', value->'fbc', 512, false);
  if value ? 'custom_data' and jsonb_typeof(value->'custom_data') not in ('object', 'null') then
    perform funnel_private.invalid(field || '.custom_data', 'must be an object');
  end if;
  if octet_length(coalesce(value->'custom_data', 'null')::text) > 2048 then
    perform funnel_private.invalid(field || '.custom_data', 'must be at most 2 KB');
  end if;
  if funnel_private.jsonb_depth(coalesce(value->'custom_data', 'null')) > 3 then
    perform funnel_private.invalid(field || '.custom_data', 'must nest at most 3 levels deep');
  end if;
  return value;
end;
$$;

-- Queues one Conversions API event (hashing the email and name here). A repeated event does nothing.
create function funnel_private.queue_meta_event(
  event_name text, event_id uuid, session_id uuid, email text, full_name text, meta jsonb
) returns void
language plpgsql as $$
declare
  v_decided text := (select c.consent from funnel_private.ad_consents c where c.session_id = queue_meta_event.session_id);
  v_consent text := meta->>'consent';
  v_first text := funnel_private.meta_name(split_part(btrim(coalesce(full_name, '')), ' ', 1));
  v_last text := funnel_private.meta_name(nullif(regexp_replace(btrim(coalesce(full_name, '')), '^\S+\s*', ''), ''));
  v_user jsonb;
begin
  if meta is null then return; end if;
  if v_consent = 'pending' and v_decided = 'denied' then return; end if;
  if v_consent = 'pending' and v_decided = 'granted' then v_consent := 'granted'; end if;
  v_user := jsonb_strip_nulls(jsonb_build_object(
    'em', case when email is not null then jsonb_build_array(funnel_private.sha256_hex(lower(btrim(email)))) end,
    'fn', case when v_first is not null then jsonb_build_array(funnel_private.sha256_hex(v_first)) end,
    'ln', case when v_last is not null then jsonb_build_array(funnel_private.sha256_hex(v_last)) end,
    'external_id', jsonb_build_array(funnel_private.sha256_hex(session_id::text)),
    'client_ip_address', btrim(split_part(funnel_private.request_header('x-forwarded-for'), ',', 1)),
    'client_user_agent', left(funnel_private.request_header('user-agent'), 512),
    'fbp', nullif(btrim(meta->>'fbp'), ''),
    'fbc', nullif(btrim(meta->>'fbc'), '')
  ));
  insert into funnel_private.meta_events (event_name, event_id, session_id, consent, payload)
  values (event_name, event_id, session_id, v_consent, jsonb_strip_nulls(jsonb_build_object(
    'event_name', event_name,
    'event_time', (meta->>'event_time')::bigint,
    'event_id', event_id::text,
    'action_source', 'website',
    'event_source_url', btrim(meta->>'event_source_url'),
    'user_data', v_user,
    'custom_data', case when jsonb_typeof(meta->'custom_data') = 'object' then meta->'custom_data' end
  )))
  on conflict on constraint meta_events_event_name_event_id_key do nothing;
end;
$$;

drop function public.save_quiz_completion(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb);
drop function public.record_final_click(jsonb, jsonb, jsonb);

-- `partial` true: the visitor typed a valid email and left; one partial row per session (updated while
-- she types another email), never queued for Meta. A full save of the same session upgrades that row in
-- place (it takes the full save's id, so the lead id the pixel uses stays the row's id).
create function public.save_quiz_completion(
  id jsonb, session_id jsonb, name jsonb, email jsonb, age jsonb default null,
  skin_issues jsonb default null, change_speed jsonb default null, other_symptoms jsonb default null,
  skin_treatments jsonb default null, hrt jsonb default null, campaign jsonb default null,
  answers jsonb default null, flow_id jsonb default null, flow_version jsonb default null,
  variants jsonb default null, meta jsonb default null, partial jsonb default null
) returns uuid
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_partial boolean := funnel_private.bool_arg('partial', save_quiz_completion.partial, false);
  v_id uuid := funnel_private.uuid_arg('id', save_quiz_completion.id, true);
  v_session uuid := funnel_private.uuid_arg('session_id', save_quiz_completion.session_id, true);
  v_name text := funnel_private.text_arg('name', save_quiz_completion.name, 200, not v_partial);
  -- The one email rule, shared with the browser (migration 20261123000100).
  v_email text := funnel_private.email_arg('email', save_quiz_completion.email, true);
  v_age integer := funnel_private.int_arg('age', save_quiz_completion.age, 0, 130, false);
  v_skin_issues text[] := funnel_private.list_arg('skin_issues', save_quiz_completion.skin_issues, 20, 120);
  v_change_speed text := funnel_private.enum_arg('change_speed', save_quiz_completion.change_speed,
    array['6-12-months', '1-2-years', '3-plus-years', 'no-significant'], false);
  v_other_symptoms text[] := funnel_private.list_arg('other_symptoms', save_quiz_completion.other_symptoms, 20, 120);
  v_skin_treatments text[] := funnel_private.list_arg('skin_treatments', save_quiz_completion.skin_treatments, 20, 120);
  v_hrt text := funnel_private.enum_arg('hrt', save_quiz_completion.hrt, array['yes', 'no', 'past'], false);
  v_campaign jsonb := funnel_private.campaign_arg('campaign', save_quiz_completion.campaign);
  v_answers jsonb := funnel_private.answers_arg('answers', save_quiz_completion.answers);
  v_flow text := funnel_private.name_arg('flow_id', save_quiz_completion.flow_id, false);
  v_flow_version integer := funnel_private.int_arg('flow_version', save_quiz_completion.flow_version, 0, 1000000, false);
  v_variants jsonb := funnel_private.variants_arg('variants', save_quiz_completion.variants);
  v_meta jsonb := funnel_private.meta_arg('meta', save_quiz_completion.meta);
  v_existing uuid;
  v_written integer;
begin
  -- The session's partial row, if any (locked: a partial and a full save racing end as one row).
  select c.id into v_existing from public.quiz_completions c
  where c.session_id = v_session and c.partial order by c.submitted_at desc limit 1 for update;
  if v_partial then
    -- A full lead of this session, or this very id already saved, wins over a partial one.
    if exists (select 1 from public.quiz_completions c
               where (c.session_id = v_session and not c.partial) or c.id = v_id and v_existing is distinct from v_id) then
      return v_id;
    end if;
  end if;
  if v_existing is not null and not exists (select 1 from public.quiz_completions c where c.id = v_id and c.id <> v_existing) then
    update public.quiz_completions c set
      id = v_id, name = v_name, email = v_email, age = v_age, skin_issues = coalesce(v_skin_issues, '{}'),
      change_speed = v_change_speed, other_symptoms = coalesce(v_other_symptoms, '{}'),
      skin_treatments = coalesce(v_skin_treatments, '{}'), hrt = v_hrt,
      utm_source = v_campaign->>'utm_source', utm_medium = v_campaign->>'utm_medium',
      utm_campaign = v_campaign->>'utm_campaign', utm_term = v_campaign->>'utm_term',
      utm_content = v_campaign->>'utm_content', fbclid = v_campaign->>'fbclid', gclid = v_campaign->>'gclid',
      answers = v_answers, flow_id = v_flow, flow_version = v_flow_version, variants = v_variants,
      partial = v_partial, ad_consent = coalesce(v_meta->>'consent', c.ad_consent),
      submitted_at = now()
    where c.id = v_existing;
    get diagnostics v_written = row_count;
  else
    insert into public.quiz_completions (
      id, session_id, name, email, age, skin_issues, change_speed, other_symptoms, skin_treatments, hrt,
      utm_source, utm_medium, utm_campaign, utm_term, utm_content, fbclid, gclid,
      answers, flow_id, flow_version, variants, partial, ad_consent
    ) values (
      v_id, v_session, v_name, v_email, v_age, v_skin_issues, v_change_speed, v_other_symptoms,
      v_skin_treatments, v_hrt,
      v_campaign->>'utm_source', v_campaign->>'utm_medium', v_campaign->>'utm_campaign',
      v_campaign->>'utm_term', v_campaign->>'utm_content', v_campaign->>'fbclid', v_campaign->>'gclid',
      v_answers, v_flow, v_flow_version, v_variants, v_partial, v_meta->>'consent'
    )
    on conflict (id) do nothing;
    get diagnostics v_written = row_count;
  end if;
  -- Only a full lead is a Lead for Meta; a retried save finds the event already queued.
  if not v_partial and v_written > 0 then
    perform funnel_private.queue_meta_event('Lead', v_id, v_session, v_email, v_name, v_meta);
  end if;
  return v_id;
end;
$$;
comment on function public.save_quiz_completion is
  'Save a lead (or, with partial, a partial lead upgraded in place later) with every answer of its flow, the flow id and version, the campaign, variants and ad consent; queues the server-side Lead when meta is given. Returns only the id.';

create function public.record_final_click(
  session_id jsonb, assessment_id jsonb default null, email jsonb default null,
  lead_id jsonb default null, meta jsonb default null
) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_session uuid := funnel_private.uuid_arg('session_id', record_final_click.session_id, true);
  v_assessment uuid := funnel_private.uuid_arg('assessment_id', record_final_click.assessment_id, false);
  v_email text := funnel_private.text_arg('email', record_final_click.email, 320, false);
  v_lead uuid := funnel_private.uuid_arg('lead_id', record_final_click.lead_id, false);
  v_meta jsonb := funnel_private.meta_arg('meta', record_final_click.meta);
  v_lead_row record;
begin
  if v_assessment is not null then
    -- An assessment another session owns is left alone.
    insert into public.user_assessments as a (id, session_id, clicked_final_cta)
    values (v_assessment, v_session, true)
    on conflict (id) do update set clicked_final_cta = true
      where a.session_id = excluded.session_id;
  end if;
  if v_email is not null then
    update public.quiz_completions set clicked_final_cta = true
    where id = (
      select c.id from public.quiz_completions c
      where c.session_id = v_session and lower(c.email) = lower(v_email)
      order by c.submitted_at desc
      limit 1
    );
  end if;
  -- The CompleteRegistration shares the lead's id as its event id (the browser pixel's eventID); the
  -- name comes from the lead row, so the browser need not send it again. Only the caller's own lead.
  if v_lead is not null and v_meta is not null then
    select c.email, c.name into v_lead_row from public.quiz_completions c
    where c.id = v_lead and c.session_id = v_session and not c.partial;
    if found then
      perform funnel_private.queue_meta_event('CompleteRegistration', v_lead, v_session,
        v_lead_row.email, v_lead_row.name, v_meta);
    end if;
  end if;
end;
$$;
comment on function public.record_final_click is
  'Mark the final call to action clicked (assessment, newest quiz completion of that email, own session only); queues the server-side CompleteRegistration for the session''s own lead when meta is given.';

-- The visitor's answer to the consent banner: held events of the session are released or deleted.
create function public.record_ad_consent(session_id jsonb, consent jsonb) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_session uuid := funnel_private.uuid_arg('session_id', record_ad_consent.session_id, true);
  v_consent text := funnel_private.enum_arg('consent', record_ad_consent.consent, array['granted', 'denied'], true);
begin
  insert into funnel_private.ad_consents as a (session_id, consent) values (v_session, v_consent)
  on conflict (session_id) do update set consent = excluded.consent, decided_at = now();
  if v_consent = 'granted' then
    update funnel_private.meta_events set consent = 'granted'
    where session_id = v_session and consent = 'pending';
  else
    delete from funnel_private.meta_events where session_id = v_session and consent = 'pending';
  end if;
  update public.quiz_completions set ad_consent = v_consent
  where session_id = v_session and ad_consent = 'pending';
end;
$$;
comment on function public.record_ad_consent is
  'Record the visitor''s ad consent: granted releases the session''s held Conversions API events, denied deletes them.';

-- The worker's side (service role only): claim due rows, then settle each.
create function public.meta_claim_events(max_rows integer, lease_seconds integer, at timestamptz default now())
returns table (id bigint, payload jsonb, attempts integer)
language plpgsql security definer set search_path = '' as $$
begin
  return query
  update funnel_private.meta_events e
     set claimed_until = at + make_interval(secs => lease_seconds)
   where e.id in (
     select d.id from funnel_private.meta_events d
      where d.delivered_at is null and d.consent in ('not-needed', 'granted')
        and d.next_attempt_at <= at and (d.claimed_until is null or d.claimed_until <= at)
      order by d.next_attempt_at, d.id
      limit max_rows
      for update skip locked)
  returning e.id, e.payload, e.attempts;
end;
$$;

-- delivered: Meta answered 2xx. Otherwise the row is tried again at retry_at (null: given up).
create function public.meta_settle_event(
  event_row bigint, delivered boolean, status integer, retry_at timestamptz, at timestamptz default now()
) returns void
language plpgsql security definer set search_path = '' as $$
begin
  update funnel_private.meta_events e set
    attempts = e.attempts + 1,
    last_status = status,
    claimed_until = null,
    delivered_at = case when delivered then at else null end,
    next_attempt_at = case when delivered then e.next_attempt_at else coalesce(retry_at, 'infinity') end
  where e.id = event_row and e.delivered_at is null;
end;
$$;

revoke execute on all functions in schema funnel_private from public, anon, authenticated;
revoke execute on function
  public.meta_claim_events(integer, integer, timestamptz),
  public.meta_settle_event(bigint, boolean, integer, timestamptz, timestamptz)
  from public, anon, authenticated;
grant execute on function
  public.meta_claim_events(integer, integer, timestamptz),
  public.meta_settle_event(bigint, boolean, integer, timestamptz, timestamptz)
  to service_role;
grant execute on function
  public.save_quiz_completion(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb),
  public.record_final_click(jsonb, jsonb, jsonb, jsonb, jsonb),
  public.record_ad_consent(jsonb, jsonb)
  to anon;
