-- Generic records (issue 13): any flow's lead keeps every answer, with the flow's id and version; journey
-- and step-tracking names are the flow's own (declared in its `tracking` section), accepted when they
-- match one safe pattern; and every tracking write may carry the visitor's experiment variants (issue 15).
-- All new arguments are trailing and null by default, so outbox entries stored by an older page still go
-- through. Errors stay SQLSTATE 22023 '<field>: <reason>'.

-- A tracking name (journey step, step view, flow id, experiment or variant id).
create function funnel_private.name_pattern() returns text
language sql immutable as $$ select '^[a-z][a-z0-9_-]{0,62}$' $$;

create function funnel_private.name_arg(field text, value jsonb, required boolean) returns text
language plpgsql immutable as $$
declare
  result text := funnel_private.text_arg(field, value, 64, required);
begin
  if result is not null and result !~ funnel_private.name_pattern() then
    perform funnel_private.invalid(field,
      'must start with a lowercase letter and use only a-z, 0-9, _ and - (at most 63 characters)');
  end if;
  return result;
end;
$$;

-- Step-view and progress names follow the same rule as every other tracking name now.
create or replace function funnel_private.step_name_arg(field text, value jsonb) returns text
language plpgsql immutable as $$
begin
  return funnel_private.name_arg(field, value, true);
end;
$$;

-- How deeply a json value nests: a scalar is 0, an object or list one more than its deepest member.
create function funnel_private.jsonb_depth(value jsonb) returns integer
language plpgsql immutable as $$
declare
  deepest integer := 0;
  member jsonb;
begin
  if jsonb_typeof(value) = 'object' then
    for member in select e.value from jsonb_each(value) as e loop
      deepest := greatest(deepest, funnel_private.jsonb_depth(member));
    end loop;
    return deepest + 1;
  elsif jsonb_typeof(value) = 'array' then
    for member in select e from jsonb_array_elements(value) as e loop
      deepest := greatest(deepest, funnel_private.jsonb_depth(member));
    end loop;
    return deepest + 1;
  end if;
  return 0;
end;
$$;

-- Every answer of the visitor: an object of at most 16 KB (as JSON text) nesting at most 5 levels. The
-- size is checked first, so the depth walk is bounded too.
create function funnel_private.answers_arg(field text, value jsonb) returns jsonb
language plpgsql immutable as $$
begin
  if value is null or jsonb_typeof(value) = 'null' then return null; end if;
  if jsonb_typeof(value) <> 'object' then
    perform funnel_private.invalid(field, 'must be an object of answers');
  end if;
  if octet_length(value::text) > 16384 then
    perform funnel_private.invalid(field, 'must be at most 16 KB');
  end if;
  if funnel_private.jsonb_depth(value) > 5 then
    perform funnel_private.invalid(field, 'must nest at most 5 levels deep');
  end if;
  return value;
end;
$$;

-- The visitor's experiments: null, or at most 10 entries "<experimentId>": { "variant": "<variantId>",
-- "override": true|false }. Returns the value as checked.
create function funnel_private.variants_arg(field text, value jsonb) returns jsonb
language plpgsql immutable as $$
declare
  item record;
  entry text;
begin
  if value is null or jsonb_typeof(value) = 'null' then return null; end if;
  if jsonb_typeof(value) <> 'object' then
    perform funnel_private.invalid(field, 'must be an object of experiment ids');
  end if;
  if (select count(*) from jsonb_object_keys(value)) > 10 then
    perform funnel_private.invalid(field, 'must have at most 10 experiments');
  end if;
  for item in select e.key, e.value as raw from jsonb_each(variants_arg.value) as e loop
    -- The key is the caller's text: name it in the field only once it is known to be safe.
    if item.key !~ funnel_private.name_pattern() then
      perform funnel_private.invalid(field, 'experiment ids must start with a lowercase letter and use only a-z, 0-9, _ and -');
    end if;
    entry := field || '.' || item.key;
    if jsonb_typeof(item.raw) <> 'object'
       or exists (select 1 from jsonb_object_keys(item.raw) as k where k not in ('variant', 'override')) then
      perform funnel_private.invalid(entry, 'must be { "variant": "<id>", "override": true|false }');
    end if;
    perform funnel_private.name_arg(entry || '.variant', item.raw->'variant', true);
    if jsonb_typeof(item.raw->'override') is distinct from 'boolean' then
      perform funnel_private.invalid(entry || '.override', 'must be true or false');
    end if;
  end loop;
  return value;
end;
$$;

alter table public.user_journey_sessions
  drop constraint user_journey_sessions_total_steps_completed_check,
  add constraint user_journey_sessions_total_steps_completed_check check (total_steps_completed between 0 and 100),
  add column flow_id text check (flow_id ~ '^[a-z][a-z0-9_-]{0,62}$'),
  add column variants jsonb check (octet_length(variants::text) <= 4096);

alter table public.quiz_step_tracking
  add column flow_id text check (flow_id ~ '^[a-z][a-z0-9_-]{0,62}$'),
  add column variants jsonb check (octet_length(variants::text) <= 4096);

alter table public.quiz_completions
  add column answers jsonb check (jsonb_typeof(answers) = 'object' and octet_length(answers::text) <= 16384),
  add column flow_id text check (flow_id ~ '^[a-z][a-z0-9_-]{0,62}$'),
  add column flow_version integer check (flow_version between 0 and 1000000),
  add column variants jsonb check (octet_length(variants::text) <= 4096);
comment on column public.quiz_completions.answers is
  'Every answer of the flow that produced the lead (personal data: never returned to the browser).';

drop function public.track_journey_step(jsonb, jsonb, jsonb, jsonb, jsonb);
drop function public.track_step_view(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb);
drop function public.save_quiz_completion(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb);

-- `step_number` is the step's position in the flow's tracking.journeySteps (it raises
-- total_steps_completed); without it (an older page) the spec §4 position counts. The spec §3 flags are
-- set for the spec §4 step names only.
create function public.track_journey_step(
  session_id jsonb, step jsonb, user_agent jsonb default null, referrer jsonb default null,
  campaign jsonb default null, step_number jsonb default null, flow_id jsonb default null,
  variants jsonb default null
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
begin
  insert into public.user_journey_sessions as s (
    session_id, user_agent, referrer, last_step_reached, total_steps_completed,
    reached_quiz, reached_photo_upload, reached_analysis, reached_diagnosis, reached_treatment,
    reached_contact_form, completed_form, clicked_final_cta,
    utm_source, utm_medium, utm_campaign, utm_term, utm_content, fbclid, gclid, flow_id, variants
  ) values (
    v_session, v_user_agent, v_referrer, v_step, v_number,
    coalesce(v_spec <= 5, false), coalesce(v_spec = 6, false), coalesce(v_spec = 7, false),
    coalesce(v_spec = 8, false), coalesce(v_spec = 9, false), coalesce(v_spec = 10, false),
    coalesce(v_spec = 11, false), coalesce(v_spec = 12, false),
    v_campaign->>'utm_source', v_campaign->>'utm_medium', v_campaign->>'utm_campaign',
    v_campaign->>'utm_term', v_campaign->>'utm_content', v_campaign->>'fbclid', v_campaign->>'gclid',
    v_flow, v_variants
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
comment on function public.track_journey_step is
  'Record that a session reached a journey step of its flow; flags and the count never go back; the first referrer, campaign, flow and variants stay.';

create function public.track_step_view(
  event_id jsonb, session_id jsonb, step_name jsonb, step_number jsonb, completed jsonb default null,
  user_agent jsonb default null, referrer jsonb default null, visited_at jsonb default null,
  flow_id jsonb default null, variants jsonb default null
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
begin
  insert into public.quiz_step_tracking (
    event_id, session_id, step_name, step_number, completed, user_agent, referrer, visited_at, flow_id, variants
  ) values (v_event, v_session, v_name, v_number, v_completed, v_user_agent, v_referrer, v_visited, v_flow, v_variants)
  on conflict (event_id) do nothing;
end;
$$;
comment on function public.track_step_view is
  'Record a step view (or a completed step) of a flow; a repeated event_id writes nothing.';

-- The spec §3 columns (age … hrt) are still filled when the flow maps answers to them (the skin
-- funnel's tracking.leadColumns); `answers` keeps every answer of any flow.
create function public.save_quiz_completion(
  id jsonb, session_id jsonb, name jsonb, email jsonb, age jsonb default null,
  skin_issues jsonb default null, change_speed jsonb default null, other_symptoms jsonb default null,
  skin_treatments jsonb default null, hrt jsonb default null, campaign jsonb default null,
  answers jsonb default null, flow_id jsonb default null, flow_version jsonb default null,
  variants jsonb default null
) returns uuid
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_id uuid := funnel_private.uuid_arg('id', save_quiz_completion.id, true);
  v_session uuid := funnel_private.uuid_arg('session_id', save_quiz_completion.session_id, true);
  v_name text := funnel_private.text_arg('name', save_quiz_completion.name, 200, true);
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
begin
  insert into public.quiz_completions (
    id, session_id, name, email, age, skin_issues, change_speed, other_symptoms, skin_treatments, hrt,
    utm_source, utm_medium, utm_campaign, utm_term, utm_content, fbclid, gclid,
    answers, flow_id, flow_version, variants
  ) values (
    v_id, v_session, v_name, v_email, v_age, v_skin_issues, v_change_speed, v_other_symptoms,
    v_skin_treatments, v_hrt,
    v_campaign->>'utm_source', v_campaign->>'utm_medium', v_campaign->>'utm_campaign',
    v_campaign->>'utm_term', v_campaign->>'utm_content', v_campaign->>'fbclid', v_campaign->>'gclid',
    v_answers, v_flow, v_flow_version, v_variants
  )
  on conflict (id) do nothing;
  return v_id;
end;
$$;
comment on function public.save_quiz_completion is
  'Save a lead with every answer of its flow (and the spec §3 columns a flow maps), the flow id and version, the landing campaign and experiment variants. The id is the browser''s event id: a retry writes one row. Returns only the id.';

revoke execute on all functions in schema funnel_private from public, anon, authenticated;
grant execute on function
  public.track_journey_step(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb),
  public.track_step_view(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb),
  public.save_quiz_completion(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb)
  to anon;
