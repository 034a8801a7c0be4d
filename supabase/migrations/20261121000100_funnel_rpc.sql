-- The only way the browser writes: security definer functions that validate every argument and do the
-- spec's upserts, inserts and updates (spec §7). Arguments arrive as jsonb so that a wrong type is
-- reported with the field's name ('age: must be a whole number') instead of PostgREST's bare cast error.
-- Every error is SQLSTATE 22023 with the message '<field>: <reason>' and the field in DETAIL.

create schema if not exists funnel_private;
revoke all on schema funnel_private from public;
comment on schema funnel_private is 'Argument checks shared by the funnel RPCs; not exposed through the API.';

-- Functions are executable by PUBLIC by default in Postgres, and by anon and authenticated in Supabase.
-- PUBLIC's EXECUTE is a global default, which a per-schema revoke cannot take away (per-schema default
-- privileges only add to the global ones), so it is revoked globally for the role running migrations.
alter default privileges revoke execute on functions from public;
alter default privileges in schema public revoke execute on functions from anon, authenticated;

create function funnel_private.invalid(field text, reason text) returns void
language plpgsql as $$
begin
  raise exception using errcode = '22023', message = field || ': ' || reason, detail = field;
end;
$$;

create function funnel_private.uuid_arg(field text, value jsonb, required boolean) returns uuid
language plpgsql immutable as $$
declare
  raw text;
begin
  if value is null or jsonb_typeof(value) = 'null' then
    if required then perform funnel_private.invalid(field, 'is required'); end if;
    return null;
  end if;
  raw := value #>> '{}';
  if jsonb_typeof(value) <> 'string'
     or raw !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    perform funnel_private.invalid(field, 'must be a UUID');
  end if;
  return raw::uuid;
end;
$$;

-- Trimmed text; blank counts as missing. Control characters are refused (they only ever mean abuse here).
create function funnel_private.text_arg(field text, value jsonb, max_length integer, required boolean) returns text
language plpgsql immutable as $$
declare
  result text;
begin
  if value is not null and jsonb_typeof(value) not in ('null', 'string') then
    perform funnel_private.invalid(field, 'must be text');
  end if;
  result := nullif(btrim(value #>> '{}'), '');
  if result is null then
    if required then perform funnel_private.invalid(field, 'is required'); end if;
    return null;
  end if;
  if char_length(result) > max_length then
    perform funnel_private.invalid(field, format('must be at most %s characters', max_length));
  end if;
  if result ~ '[[:cntrl:]]' then
    perform funnel_private.invalid(field, 'must not contain control characters');
  end if;
  return result;
end;
$$;

create function funnel_private.enum_arg(field text, value jsonb, allowed text[], required boolean) returns text
language plpgsql immutable as $$
declare
  result text := funnel_private.text_arg(field, value, 64, required);
begin
  if result is not null and not result = any (allowed) then
    perform funnel_private.invalid(field, 'must be one of ' || array_to_string(allowed, ', '));
  end if;
  return result;
end;
$$;

create function funnel_private.step_name_arg(field text, value jsonb) returns text
language plpgsql immutable as $$
declare
  result text := funnel_private.text_arg(field, value, 64, true);
begin
  if result !~ '^[A-Za-z0-9_-]+$' then
    perform funnel_private.invalid(field, 'must use only letters, digits, _ and -');
  end if;
  return result;
end;
$$;

create function funnel_private.int_arg(field text, value jsonb, min_value integer, max_value integer, required boolean)
returns integer
language plpgsql immutable as $$
declare
  result numeric;
begin
  if value is null or jsonb_typeof(value) = 'null' then
    if required then perform funnel_private.invalid(field, 'is required'); end if;
    return null;
  end if;
  if jsonb_typeof(value) <> 'number' then
    perform funnel_private.invalid(field, 'must be a whole number');
  end if;
  result := (value #>> '{}')::numeric;
  if result <> trunc(result) then
    perform funnel_private.invalid(field, 'must be a whole number');
  end if;
  if result < min_value or result > max_value then
    perform funnel_private.invalid(field, format('must be between %s and %s', min_value, max_value));
  end if;
  return result::integer;
end;
$$;

create function funnel_private.number_arg(field text, value jsonb, min_value numeric, max_value numeric) returns numeric
language plpgsql immutable as $$
declare
  result numeric;
begin
  if value is null or jsonb_typeof(value) <> 'number' then
    perform funnel_private.invalid(field, 'must be a number');
  end if;
  result := (value #>> '{}')::numeric;
  if result < min_value or result > max_value then
    perform funnel_private.invalid(field, format('must be between %s and %s', min_value, max_value));
  end if;
  return result;
end;
$$;

create function funnel_private.bool_arg(field text, value jsonb, fallback boolean) returns boolean
language plpgsql immutable as $$
begin
  if value is null or jsonb_typeof(value) = 'null' then return fallback; end if;
  if jsonb_typeof(value) <> 'boolean' then
    perform funnel_private.invalid(field, 'must be true or false');
  end if;
  return (value #>> '{}')::boolean;
end;
$$;

-- A list of short texts (option values). Missing means empty.
create function funnel_private.list_arg(field text, value jsonb, max_items integer, max_length integer) returns text[]
language plpgsql immutable as $$
declare
  item jsonb;
  result text[] := '{}';
begin
  if value is null or jsonb_typeof(value) = 'null' then return result; end if;
  if jsonb_typeof(value) <> 'array' then
    perform funnel_private.invalid(field, 'must be a list');
  end if;
  if jsonb_array_length(value) > max_items then
    perform funnel_private.invalid(field, format('must have at most %s items', max_items));
  end if;
  for item in select * from jsonb_array_elements(value) loop
    if jsonb_typeof(item) <> 'string' or btrim(item #>> '{}') = '' then
      perform funnel_private.invalid(field, 'items must be non-empty text');
    end if;
    if char_length(item #>> '{}') > max_length or (item #>> '{}') ~ '[[:cntrl:]]' then
      perform funnel_private.invalid(field, format('items must be at most %s characters of plain text', max_length));
    end if;
    result := result || (item #>> '{}');
  end loop;
  return result;
end;
$$;

-- When something happened, as the browser saw it (an outbox may deliver it late). Null means now; a time
-- in the future or more than 30 days ago is refused.
create function funnel_private.time_arg(field text, value jsonb) returns timestamptz
language plpgsql stable as $$
declare
  result timestamptz;
begin
  if value is null or jsonb_typeof(value) = 'null' then return now(); end if;
  if jsonb_typeof(value) <> 'string'
     or (value #>> '{}') !~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$' then
    perform funnel_private.invalid(field, 'must be an ISO date-time');
  end if;
  -- The pattern lets through dates that don't exist (2026-02-30, 25:00, +99:99); the cast's own
  -- 22007/22008/22009 would name no field.
  begin
    result := (value #>> '{}')::timestamptz;
  exception when data_exception then
    perform funnel_private.invalid(field, 'must be an ISO date-time');
  end;
  if result > now() + interval '5 minutes' or result < now() - interval '30 days' then
    perform funnel_private.invalid(field, 'must be within the last 30 days');
  end if;
  return result;
end;
$$;

-- The journey steps of spec §4, in order: a step's position is its total_steps_completed.
create function funnel_private.journey_steps() returns text[]
language sql immutable as $$
  select array[
    'quiz_started', 'step_2_skin_issues', 'step_3_change_speed', 'cliff_education', 'step_1_age',
    'photo_upload', 'analysis_results', 'diagnosis_reveal', 'treatment_plan', 'contact_form',
    'form_completed', 'final_cta_clicked'
  ]
$$;

create function public.track_journey_step(
  session_id jsonb, step jsonb, user_agent jsonb default null, referrer jsonb default null
) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_session uuid := funnel_private.uuid_arg('session_id', track_journey_step.session_id, true);
  v_step text := funnel_private.enum_arg('step', track_journey_step.step, funnel_private.journey_steps(), true);
  v_number integer := array_position(funnel_private.journey_steps(), v_step);
  v_user_agent text := funnel_private.text_arg('user_agent', track_journey_step.user_agent, 512, false);
  v_referrer text := funnel_private.text_arg('referrer', track_journey_step.referrer, 2048, false);
begin
  insert into public.user_journey_sessions as s (
    session_id, user_agent, referrer, last_step_reached, total_steps_completed,
    reached_quiz, reached_photo_upload, reached_analysis, reached_diagnosis, reached_treatment,
    reached_contact_form, completed_form, clicked_final_cta
  ) values (
    v_session, v_user_agent, v_referrer, v_step, v_number,
    v_number <= 5, v_number = 6, v_number = 7, v_number = 8, v_number = 9,
    v_number = 10, v_number = 11, v_number = 12
  )
  on conflict (session_id) do update set
    last_activity = now(),
    user_agent = coalesce(s.user_agent, excluded.user_agent),
    -- The landing referrer is the one that counts; later pages don't replace it.
    referrer = coalesce(s.referrer, excluded.referrer),
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
comment on function public.track_journey_step is 'Record that a session reached a journey step (spec §4); flags and the count never go back.';

create function public.track_session_time(session_id jsonb, time_spent_minutes jsonb) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_session uuid := funnel_private.uuid_arg('session_id', track_session_time.session_id, true);
  v_minutes numeric := round(funnel_private.number_arg('time_spent_minutes', track_session_time.time_spent_minutes, 0, 1440), 2);
begin
  insert into public.user_journey_sessions as s (session_id, time_spent_minutes)
  values (v_session, v_minutes)
  on conflict (session_id) do update set
    time_spent_minutes = greatest(s.time_spent_minutes, excluded.time_spent_minutes),
    last_activity = now();
end;
$$;
comment on function public.track_session_time is 'Record the time a session has spent so far (it never goes down).';

create function public.track_step_view(
  event_id jsonb, session_id jsonb, step_name jsonb, step_number jsonb, completed jsonb default null,
  user_agent jsonb default null, referrer jsonb default null, visited_at jsonb default null
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
begin
  insert into public.quiz_step_tracking (
    event_id, session_id, step_name, step_number, completed, user_agent, referrer, visited_at
  ) values (v_event, v_session, v_name, v_number, v_completed, v_user_agent, v_referrer, v_visited)
  on conflict (event_id) do nothing;
end;
$$;
comment on function public.track_step_view is 'Record a step view (or a completed step); a repeated event_id writes nothing.';

create function public.track_step_progress(
  session_id jsonb, step_name jsonb, step_number jsonb, visited_at jsonb default null
) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_session uuid := funnel_private.uuid_arg('session_id', track_step_progress.session_id, true);
  v_name text := funnel_private.step_name_arg('step_name', track_step_progress.step_name);
  v_number integer := funnel_private.int_arg('step_number', track_step_progress.step_number, 0, 100, true);
  v_visited timestamptz := funnel_private.time_arg('visited_at', track_step_progress.visited_at);
begin
  insert into public.session_quiz_progress as p (session_id, step_name, step_number, visited_at, completed)
  values (v_session, v_name, v_number, v_visited, false)
  on conflict (session_id, step_name) do update set
    step_number = excluded.step_number,
    visited_at = greatest(p.visited_at, excluded.visited_at);
end;
$$;
comment on function public.track_step_progress is 'Record that a session visited a step (one row per step name).';

create function public.save_quiz_completion(
  id jsonb, session_id jsonb, name jsonb, email jsonb, age jsonb default null,
  skin_issues jsonb default null, change_speed jsonb default null, other_symptoms jsonb default null,
  skin_treatments jsonb default null, hrt jsonb default null
) returns uuid
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_id uuid := funnel_private.uuid_arg('id', save_quiz_completion.id, true);
  v_session uuid := funnel_private.uuid_arg('session_id', save_quiz_completion.session_id, true);
  v_name text := funnel_private.text_arg('name', save_quiz_completion.name, 200, true);
  v_email text := funnel_private.text_arg('email', save_quiz_completion.email, 320, true);
  v_age integer := funnel_private.int_arg('age', save_quiz_completion.age, 0, 130, false);
  v_skin_issues text[] := funnel_private.list_arg('skin_issues', save_quiz_completion.skin_issues, 20, 120);
  v_change_speed text := funnel_private.enum_arg('change_speed', save_quiz_completion.change_speed,
    array['6-12-months', '1-2-years', '3-plus-years', 'no-significant'], false);
  v_other_symptoms text[] := funnel_private.list_arg('other_symptoms', save_quiz_completion.other_symptoms, 20, 120);
  v_skin_treatments text[] := funnel_private.list_arg('skin_treatments', save_quiz_completion.skin_treatments, 20, 120);
  v_hrt text := funnel_private.enum_arg('hrt', save_quiz_completion.hrt, array['yes', 'no', 'past'], false);
begin
  if v_email !~ '^[^@[:space:]]+@[^@[:space:]]+$' then
    perform funnel_private.invalid('email', 'must be an email address like name@example.com');
  end if;
  insert into public.quiz_completions (
    id, session_id, name, email, age, skin_issues, change_speed, other_symptoms, skin_treatments, hrt
  ) values (
    v_id, v_session, v_name, v_email, v_age, v_skin_issues, v_change_speed, v_other_symptoms,
    v_skin_treatments, v_hrt
  )
  on conflict (id) do nothing;
  return v_id;
end;
$$;
comment on function public.save_quiz_completion is
  'Save a lead with its quiz answers. The id is the browser''s event id: a retry writes one row. Returns only the id.';

create function public.record_final_click(
  session_id jsonb, assessment_id jsonb default null, email jsonb default null
) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_session uuid := funnel_private.uuid_arg('session_id', record_final_click.session_id, true);
  v_assessment uuid := funnel_private.uuid_arg('assessment_id', record_final_click.assessment_id, false);
  v_email text := funnel_private.text_arg('email', record_final_click.email, 320, false);
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
end;
$$;
comment on function public.record_final_click is
  'Mark the final call to action clicked on the assessment and on the newest quiz completion of that email, within the caller''s own session only.';

-- Nothing is executable by the browser roles but the six functions above.
revoke execute on all functions in schema public from public, anon, authenticated;
revoke execute on all functions in schema funnel_private from public, anon, authenticated;
grant execute on function
  public.track_journey_step(jsonb, jsonb, jsonb, jsonb),
  public.track_session_time(jsonb, jsonb),
  public.track_step_view(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb),
  public.track_step_progress(jsonb, jsonb, jsonb, jsonb),
  public.save_quiz_completion(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb),
  public.record_final_click(jsonb, jsonb, jsonb)
  to anon;
