-- The visit's language on every record (issue 32 point 4): the lead, each step view and each queued
-- Conversions API event carry it, so the report can split by language like it does by source.
-- The browser sends `document.documentElement.lang` (the language the visit was shown in, fixed once
-- per visit); an older page sends nothing and the column stays null.
--
-- The value is a BCP 47 tag whose primary subtag is 2-3 lower-case letters ("es", "pt-BR", "zh-Hant"),
-- at most 35 characters; anything else is refused naming the field (SQLSTATE 22023, like every RPC field).
--
-- track_step_view is copied from 20261123000200_generic_records.sql and save_quiz_completion from its
-- latest body (20261127004000_lead_result.sql, which keeps the `-- i27-brand:`, `-- i33-honest:` and
-- `-- i27-result:` lines); the only changes are the lines marked `-- i32-language:`. Both gain a trailing
-- `language` argument, so both are dropped and created again with the same grant (execute to anon).
-- (`meta` cannot carry it: a visitor who declines ad consent sends no `meta`.)
-- The lead webhook job's payload names the language too: lead_webhook_claim is copied from
-- 20261127004100_lead_webhooks.sql (same signature, grants unchanged) with the one line marked
-- `-- i32-language:`.
-- A Conversions API event takes the language of its lead (or of its session's step views) by trigger,
-- so queue_meta_event is not redefined; Meta receives it only stored beside the event, not sent.

create function funnel_private.language_arg(field text, value jsonb) returns text
language plpgsql immutable as $$
declare
  result text := funnel_private.text_arg(field, value, 35, false);
begin
  if result is not null and result !~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$' then
    perform funnel_private.invalid(field, 'must be a BCP 47 language tag such as "en" or "pt-BR"');
  end if;
  return result;
end;
$$;

alter table public.quiz_step_tracking
  add column language text check (char_length(language) <= 35 and language ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$');
alter table public.quiz_completions
  add column language text check (char_length(language) <= 35 and language ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$');
alter table funnel_private.meta_events add column language text;
comment on column public.quiz_step_tracking.language is 'The language the visit was shown in (BCP 47), null from older pages.';
comment on column public.quiz_completions.language is 'The language the visit was shown in (BCP 47), null from older pages.';
comment on column funnel_private.meta_events.language is 'The language of the event''s visit (stored only; not sent to Meta).';

create function funnel_private.meta_event_language() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.language := coalesce(new.language,
    (select c.language from public.quiz_completions c
      where c.session_id = new.session_id and c.language is not null order by c.submitted_at desc limit 1),
    (select t.language from public.quiz_step_tracking t
      where t.session_id = new.session_id and t.language is not null order by t.visited_at desc, t.id desc limit 1));
  return new;
end;
$$;
create trigger meta_events_language before insert on funnel_private.meta_events
  for each row execute function funnel_private.meta_event_language();

drop function public.track_step_view(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb);

create function public.track_step_view(
  event_id jsonb, session_id jsonb, step_name jsonb, step_number jsonb, completed jsonb default null,
  user_agent jsonb default null, referrer jsonb default null, visited_at jsonb default null,
  flow_id jsonb default null, variants jsonb default null,
  language jsonb default null -- i32-language: the visit's language (BCP 47)
) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_event uuid := funnel_private.uuid_arg('event_id', track_step_view.event_id, true);
  v_session uuid := funnel_private.uuid_arg('session_id', track_step_view.session_id, true);
  v_name text := funnel_private.step_name_arg('step_name', track_step_view.step_name);
  v_number integer := funnel_private.int_arg('step_number', track_step_view.step_number, 0, 100, true);
  v_completed boolean := funnel_private.bool_arg('completed', track_step_view.completed, false);
  v_user_agent text := funnel_private.text_arg('user_agent', track_step_view.user_agent, 512, false);
  v_referrer text := funnel_private.text_arg('referrer', track_step_view.referrer, 2048, false);
  v_visited timestamptz := funnel_private.time_arg('visited_at', track_step_view.visited_at);
  v_flow text := funnel_private.name_arg('flow_id', track_step_view.flow_id, false);
  v_variants jsonb := funnel_private.variants_arg('variants', track_step_view.variants);
  v_language text := funnel_private.language_arg('language', track_step_view.language); -- i32-language:
begin
  insert into public.quiz_step_tracking (
    event_id, session_id, step_name, step_number, completed, user_agent, referrer, visited_at, flow_id, variants,
    language -- i32-language:
  ) values (v_event, v_session, v_name, v_number, v_completed, v_user_agent, v_referrer, v_visited, v_flow, v_variants,
    v_language) -- i32-language:
  on conflict (event_id) do nothing;
end;
$$;
comment on function public.track_step_view is
  'Record a step view (or a completed step) of a flow, in the visit''s language; a repeated event_id writes nothing.';

drop function public.save_quiz_completion(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb);

-- i32-language: created again, as its signature gains `language`.
create function public.save_quiz_completion(
  id jsonb, session_id jsonb, name jsonb, email jsonb, age jsonb default null,
  skin_issues jsonb default null, change_speed jsonb default null, other_symptoms jsonb default null,
  skin_treatments jsonb default null, hrt jsonb default null, campaign jsonb default null,
  answers jsonb default null, flow_id jsonb default null, flow_version jsonb default null,
  variants jsonb default null, meta jsonb default null, partial jsonb default null,
  result jsonb default null, -- i27-result: the flow's computed results (tracking.lead.result)
  language jsonb default null -- i32-language: the visit's language (BCP 47)
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
    -- i33-honest: 'overnight' ("It felt like overnight") is stored as the fastest change, not as 'no-significant'.
    array['6-12-months', '1-2-years', '3-plus-years', 'no-significant', 'overnight'], false);
  v_other_symptoms text[] := funnel_private.list_arg('other_symptoms', save_quiz_completion.other_symptoms, 20, 120);
  v_skin_treatments text[] := funnel_private.list_arg('skin_treatments', save_quiz_completion.skin_treatments, 20, 120);
  v_hrt text := funnel_private.enum_arg('hrt', save_quiz_completion.hrt, array['yes', 'no', 'past'], false);
  v_campaign jsonb := funnel_private.campaign_arg('campaign', save_quiz_completion.campaign);
  v_answers jsonb := funnel_private.answers_arg('answers', save_quiz_completion.answers);
  v_flow text := funnel_private.name_arg('flow_id', save_quiz_completion.flow_id, false);
  v_flow_version integer := funnel_private.int_arg('flow_version', save_quiz_completion.flow_version, 0, 1000000, false);
  v_variants jsonb := funnel_private.variants_arg('variants', save_quiz_completion.variants);
  v_meta jsonb := funnel_private.meta_arg('meta', save_quiz_completion.meta);
  v_result jsonb := funnel_private.result_arg('result', save_quiz_completion.result); -- i27-result:
  v_language text := funnel_private.language_arg('language', save_quiz_completion.language); -- i32-language:
  v_existing uuid;
  v_written integer;
begin
  -- i27-brand: the flow's form field rules (tel, number, pattern, select, consent), as the browser applies them.
  perform funnel_private.lead_fields_arg(v_flow, v_answers, v_partial);
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
      result = v_result, -- i27-result:
      language = coalesce(v_language, c.language), -- i32-language:
      partial = v_partial, ad_consent = coalesce(v_meta->>'consent', c.ad_consent),
      submitted_at = now()
    where c.id = v_existing;
    get diagnostics v_written = row_count;
  else
    insert into public.quiz_completions (
      id, session_id, name, email, age, skin_issues, change_speed, other_symptoms, skin_treatments, hrt,
      utm_source, utm_medium, utm_campaign, utm_term, utm_content, fbclid, gclid,
      answers, flow_id, flow_version, variants, partial, ad_consent,
      result, -- i27-result:
      language -- i32-language:
    ) values (
      v_id, v_session, v_name, v_email, v_age, v_skin_issues, v_change_speed, v_other_symptoms,
      v_skin_treatments, v_hrt,
      v_campaign->>'utm_source', v_campaign->>'utm_medium', v_campaign->>'utm_campaign',
      v_campaign->>'utm_term', v_campaign->>'utm_content', v_campaign->>'fbclid', v_campaign->>'gclid',
      v_answers, v_flow, v_flow_version, v_variants, v_partial, v_meta->>'consent',
      v_result, -- i27-result:
      v_language -- i32-language:
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
  'Save a lead (or, with partial, a partial lead upgraded in place later) with every answer of its flow, its computed results, the flow id and version, the campaign, variants and ad consent; queues the server-side Lead when meta is given. Returns only the id.';

comment on function public.save_quiz_completion is
  'Save a lead (or, with partial, a partial lead upgraded in place later) with every answer of its flow, its computed results, the flow id and version, the visit''s language, the campaign, variants and ad consent; queues the server-side Lead when meta is given. Returns only the id.';

revoke execute on all functions in schema funnel_private from public, anon, authenticated;
revoke execute on function
  public.track_step_view(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb),
  public.save_quiz_completion(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb)
  from public, authenticated;
grant execute on function
  public.track_step_view(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb),
  public.save_quiz_completion(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb)
  to anon;

create or replace function public.lead_webhook_claim(
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
      'language', q.language, -- i32-language: the visit's language
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
