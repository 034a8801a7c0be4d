-- A revision on every record (issue 44 point 1): the build stamps the flow with a short content hash
-- of its flow file and language files (common/flow-revision.ts), and every step view, journey step,
-- partial and full lead and experiment exposure carries it; the lead webhook's payload names it, and
-- each queued Conversions API event keeps it beside the event (taken from its lead, or its session's
-- step views, by trigger, as the language is: Meta is not sent it).
--
-- A revision is 12 lower-case hexadecimal digits, or 'unknown'. The RPCs take it as a trailing
-- `revision` argument, validated by name like every field (SQLSTATE 22023 'revision: ...'). A page built
-- before this change sends none: its write is kept and reads as 'unknown', as does every row written
-- before this migration (the columns are not null with that default; nothing is rewritten or lost).
--
-- Redefined, each copied from its latest body with only the lines marked `-- i44-revision:` changed:
--   public.track_step_view        from 20261127005000_visit_language.sql (dropped and created again:
--   public.save_quiz_completion   from 20261127005000_visit_language.sql  their signatures gain
--   public.track_journey_step     from 20261123000200_generic_records.sql `revision`; the same grant,
--   public.track_exposure         from 20261123000500_funnel_report.sql   execute to anon)
--   public.lead_webhook_claim     from 20261127005000_visit_language.sql (create or replace; same signature)

create function funnel_private.revision_arg(field text, value jsonb) returns text
language plpgsql immutable as $$
declare
  result text := funnel_private.text_arg(field, value, 64, false);
begin
  if result is null then
    return 'unknown';
  end if;
  if result !~ '^([0-9a-f]{12}|unknown)$' then
    perform funnel_private.invalid(field, 'must be the flow''s revision: 12 lower-case hexadecimal digits, or "unknown"');
  end if;
  return result;
end;
$$;

alter table public.quiz_step_tracking
  add column revision text not null default 'unknown' check (revision ~ '^([0-9a-f]{12}|unknown)$');
alter table public.user_journey_sessions
  add column revision text not null default 'unknown' check (revision ~ '^([0-9a-f]{12}|unknown)$');
alter table public.quiz_completions
  add column revision text not null default 'unknown' check (revision ~ '^([0-9a-f]{12}|unknown)$');
alter table public.experiment_exposures
  add column revision text not null default 'unknown' check (revision ~ '^([0-9a-f]{12}|unknown)$');
alter table funnel_private.meta_events
  add column revision text not null default 'unknown' check (revision ~ '^([0-9a-f]{12}|unknown)$');
comment on column public.quiz_step_tracking.revision is 'The flow revision the view was shown from (unknown: written before revisions, or by an older page).';
comment on column public.user_journey_sessions.revision is 'The flow revision of the session''s first known journey step (unknown: none known).';
comment on column public.quiz_completions.revision is 'The flow revision the lead was collected on (unknown: written before revisions, or by an older page).';
comment on column public.experiment_exposures.revision is 'The flow revision the exposure happened on (unknown: written before revisions, or by an older page).';
comment on column funnel_private.meta_events.revision is 'The flow revision of the event''s visit (stored only; not sent to Meta).';

-- A Conversions API event takes the revision of its session's lead, else of its step views.
create function funnel_private.meta_event_revision() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.revision = 'unknown' then
    new.revision := coalesce(
      (select c.revision from public.quiz_completions c
        where c.session_id = new.session_id and c.revision <> 'unknown' order by c.submitted_at desc limit 1),
      (select t.revision from public.quiz_step_tracking t
        where t.session_id = new.session_id and t.revision <> 'unknown' order by t.visited_at desc, t.id desc limit 1),
      'unknown');
  end if;
  return new;
end;
$$;
create trigger meta_events_revision before insert on funnel_private.meta_events
  for each row execute function funnel_private.meta_event_revision();

drop function public.track_step_view(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb);
drop function public.save_quiz_completion(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb);
drop function public.track_journey_step(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb);
drop function public.track_exposure(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb);

create function public.track_step_view(
  event_id jsonb, session_id jsonb, step_name jsonb, step_number jsonb, completed jsonb default null,
  user_agent jsonb default null, referrer jsonb default null, visited_at jsonb default null,
  flow_id jsonb default null, variants jsonb default null,
  language jsonb default null, -- i32-language: the visit's language (BCP 47)
  revision jsonb default null -- i44-revision: the flow's revision (missing: 'unknown')
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
  v_revision text := funnel_private.revision_arg('revision', track_step_view.revision); -- i44-revision:
begin
  insert into public.quiz_step_tracking (
    event_id, session_id, step_name, step_number, completed, user_agent, referrer, visited_at, flow_id, variants,
    language, -- i32-language:
    revision -- i44-revision:
  ) values (v_event, v_session, v_name, v_number, v_completed, v_user_agent, v_referrer, v_visited, v_flow, v_variants,
    v_language, v_revision) -- i44-revision:
  on conflict (event_id) do nothing;
end;
$$;

create function public.save_quiz_completion(
  id jsonb, session_id jsonb, name jsonb, email jsonb, age jsonb default null,
  skin_issues jsonb default null, change_speed jsonb default null, other_symptoms jsonb default null,
  skin_treatments jsonb default null, hrt jsonb default null, campaign jsonb default null,
  answers jsonb default null, flow_id jsonb default null, flow_version jsonb default null,
  variants jsonb default null, meta jsonb default null, partial jsonb default null,
  result jsonb default null, -- i27-result: the flow's computed results (tracking.lead.result)
  language jsonb default null, -- i32-language: the visit's language (BCP 47)
  revision jsonb default null -- i44-revision: the flow's revision (missing: 'unknown')
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
  v_revision text := funnel_private.revision_arg('revision', save_quiz_completion.revision); -- i44-revision:
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
      revision = v_revision, -- i44-revision: the full lead's revision wins over the partial one's
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
      language, -- i32-language:
      revision -- i44-revision:
    ) values (
      v_id, v_session, v_name, v_email, v_age, v_skin_issues, v_change_speed, v_other_symptoms,
      v_skin_treatments, v_hrt,
      v_campaign->>'utm_source', v_campaign->>'utm_medium', v_campaign->>'utm_campaign',
      v_campaign->>'utm_term', v_campaign->>'utm_content', v_campaign->>'fbclid', v_campaign->>'gclid',
      v_answers, v_flow, v_flow_version, v_variants, v_partial, v_meta->>'consent',
      v_result, -- i27-result:
      v_language, -- i32-language:
      v_revision -- i44-revision:
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

create function public.track_journey_step(
  session_id jsonb, step jsonb, user_agent jsonb default null, referrer jsonb default null,
  campaign jsonb default null, step_number jsonb default null, flow_id jsonb default null,
  variants jsonb default null,
  revision jsonb default null -- i44-revision: the flow's revision (missing: 'unknown')
) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_session uuid := funnel_private.uuid_arg('session_id', track_journey_step.session_id, true);
  v_step text := funnel_private.name_arg('step', track_journey_step.step, true);
  v_spec integer := array_position(funnel_private.journey_steps(), v_step);
  v_number integer := coalesce(
    funnel_private.int_arg('step_number', track_journey_step.step_number, 1, 100, false), v_spec, 0);
  v_user_agent text := funnel_private.text_arg('user_agent', track_journey_step.user_agent, 512, false);
  v_referrer text := funnel_private.text_arg('referrer', track_journey_step.referrer, 2048, false);
  v_campaign jsonb := funnel_private.campaign_arg('campaign', track_journey_step.campaign);
  v_flow text := funnel_private.name_arg('flow_id', track_journey_step.flow_id, false);
  v_variants jsonb := funnel_private.variants_arg('variants', track_journey_step.variants);
  v_revision text := funnel_private.revision_arg('revision', track_journey_step.revision); -- i44-revision:
begin
  insert into public.user_journey_sessions as s (
    session_id, user_agent, referrer, last_step_reached, total_steps_completed,
    reached_quiz, reached_photo_upload, reached_analysis, reached_diagnosis, reached_treatment,
    reached_contact_form, completed_form, clicked_final_cta,
    utm_source, utm_medium, utm_campaign, utm_term, utm_content, fbclid, gclid, flow_id, variants,
    revision -- i44-revision:
  ) values (
    v_session, v_user_agent, v_referrer, v_step, v_number,
    coalesce(v_spec <= 5, false), coalesce(v_spec = 6, false), coalesce(v_spec = 7, false),
    coalesce(v_spec = 8, false), coalesce(v_spec = 9, false), coalesce(v_spec = 10, false),
    coalesce(v_spec = 11, false), coalesce(v_spec = 12, false),
    v_campaign->>'utm_source', v_campaign->>'utm_medium', v_campaign->>'utm_campaign',
    v_campaign->>'utm_term', v_campaign->>'utm_content', v_campaign->>'fbclid', v_campaign->>'gclid',
    v_flow, v_variants,
    v_revision -- i44-revision:
  )
  on conflict (session_id) do update set
    last_activity = now(),
    user_agent = coalesce(s.user_agent, excluded.user_agent),
    -- The landing referrer, campaign, flow and variants are the ones that count (first touch wins).
    referrer = coalesce(s.referrer, excluded.referrer),
    utm_source = coalesce(s.utm_source, excluded.utm_source),
    utm_medium = coalesce(s.utm_medium, excluded.utm_medium),
    utm_campaign = coalesce(s.utm_campaign, excluded.utm_campaign),
    utm_term = coalesce(s.utm_term, excluded.utm_term),
    utm_content = coalesce(s.utm_content, excluded.utm_content),
    fbclid = coalesce(s.fbclid, excluded.fbclid),
    gclid = coalesce(s.gclid, excluded.gclid),
    flow_id = coalesce(s.flow_id, excluded.flow_id),
    variants = coalesce(s.variants, excluded.variants),
    -- i44-revision: the first known revision stays, as the first campaign does.
    revision = case when s.revision = 'unknown' then excluded.revision else s.revision end,
    last_step_reached = case
      when excluded.total_steps_completed >= s.total_steps_completed then excluded.last_step_reached
      else s.last_step_reached end,
    total_steps_completed = greatest(s.total_steps_completed, excluded.total_steps_completed),
    reached_quiz = s.reached_quiz or excluded.reached_quiz,
    reached_photo_upload = s.reached_photo_upload or excluded.reached_photo_upload,
    reached_analysis = s.reached_analysis or excluded.reached_analysis,
    reached_diagnosis = s.reached_diagnosis or excluded.reached_diagnosis,
    reached_treatment = s.reached_treatment or excluded.reached_treatment,
    reached_contact_form = s.reached_contact_form or excluded.reached_contact_form,
    completed_form = s.completed_form or excluded.completed_form,
    clicked_final_cta = s.clicked_final_cta or excluded.clicked_final_cta;
end;
$$;

create function public.track_exposure(
  event_id jsonb, visitor_id jsonb, session_id jsonb, experiment jsonb, variant jsonb, screen jsonb,
  override jsonb default null, exposed_at jsonb default null,
  revision jsonb default null -- i44-revision: the flow's revision (missing: 'unknown')
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
  v_revision text := funnel_private.revision_arg('revision', track_exposure.revision); -- i44-revision:
begin
  insert into public.experiment_exposures (
    event_id, visitor_id, session_id, experiment_id, variant_id, override, screen, exposed_at,
    revision -- i44-revision:
  ) values (v_event, v_visitor, v_session, v_experiment, v_variant, v_override, v_screen, v_exposed,
    v_revision) -- i44-revision:
  on conflict do nothing;
end;
$$;

comment on function public.track_step_view is
  'Record a step view (or a completed step) of a flow, in the visit''s language and the flow''s revision; a repeated event_id writes nothing.';
comment on function public.save_quiz_completion is
  'Save a lead (or, with partial, a partial lead upgraded in place later) with every answer of its flow, its computed results, the flow id, version and revision, the visit''s language, the campaign, variants and ad consent; queues the server-side Lead when meta is given. Returns only the id.';
comment on function public.track_journey_step is
  'Record that a session reached a journey step of its flow; flags and the count never go back; the first referrer, campaign, flow, variants and known revision stay.';
comment on function public.track_exposure is
  'Record that a visitor first reached a screen her experiment variant changes, with the flow''s revision; a repeat (same event or same visitor and experiment) writes nothing.';

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
      'revision', q.revision, -- i44-revision: the flow revision the lead was collected on
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

revoke execute on all functions in schema funnel_private from public, anon, authenticated;
revoke execute on function
  public.track_step_view(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb),
  public.save_quiz_completion(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb),
  public.track_journey_step(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb),
  public.track_exposure(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb)
  from public, authenticated;
grant execute on function
  public.track_step_view(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb),
  public.save_quiz_completion(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb),
  public.track_journey_step(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb),
  public.track_exposure(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb)
  to anon;
