-- Campaign capture (issue 6): the UTM parameters and ad click ids of the landing URL are stored with the
-- journey session and with the quiz completion, so marketers can tell which traffic converts. They
-- arrive as one jsonb `campaign` object of known keys; each value is bounded text, and an unknown key or
-- a wrong type is refused with the field's name, like every other argument (22023 '<field>: <reason>').

alter table public.user_journey_sessions
  add column utm_source text check (char_length(utm_source) <= 500),
  add column utm_medium text check (char_length(utm_medium) <= 500),
  add column utm_campaign text check (char_length(utm_campaign) <= 500),
  add column utm_term text check (char_length(utm_term) <= 500),
  add column utm_content text check (char_length(utm_content) <= 500),
  add column fbclid text check (char_length(fbclid) <= 500),
  add column gclid text check (char_length(gclid) <= 500);

alter table public.quiz_completions
  add column utm_source text check (char_length(utm_source) <= 500),
  add column utm_medium text check (char_length(utm_medium) <= 500),
  add column utm_campaign text check (char_length(utm_campaign) <= 500),
  add column utm_term text check (char_length(utm_term) <= 500),
  add column utm_content text check (char_length(utm_content) <= 500),
  add column fbclid text check (char_length(fbclid) <= 500),
  add column gclid text check (char_length(gclid) <= 500);

create function funnel_private.campaign_keys() returns text[]
language sql immutable as $$
  select array['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'fbclid', 'gclid']
$$;

-- The landing URL's campaign: null or an object whose keys are campaign_keys() and whose values are text
-- of at most 500 characters (blank counts as absent). Returns an object holding the present values only.
create function funnel_private.campaign_arg(field text, value jsonb) returns jsonb
language plpgsql immutable as $$
declare
  item record;
  result jsonb := '{}';
  cleaned text;
begin
  if value is null or jsonb_typeof(value) = 'null' then
    return result;
  end if;
  if jsonb_typeof(value) <> 'object' then
    perform funnel_private.invalid(field, 'must be an object of campaign parameters');
  end if;
  for item in select e.key, e.value as raw from jsonb_each(campaign_arg.value) as e loop
    if not item.key = any(funnel_private.campaign_keys()) then
      -- The key is the caller's text: echo a short, printable version of it only.
      perform funnel_private.invalid(field, format('unknown parameter "%s" (allowed: %s)',
        left(regexp_replace(item.key, '[^A-Za-z0-9_-]', '?', 'g'), 40),
        array_to_string(funnel_private.campaign_keys(), ', ')));
    end if;
    cleaned := funnel_private.text_arg(field || '.' || item.key, item.raw, 500, false);
    if cleaned is not null then
      result := result || jsonb_build_object(item.key, cleaned);
    end if;
  end loop;
  return result;
end;
$$;

-- New signatures (a trailing `campaign` argument, null by default so outbox entries stored by an older
-- page still go through); the old ones are dropped so PostgREST sees one function per name.
drop function public.track_journey_step(jsonb, jsonb, jsonb, jsonb);
drop function public.save_quiz_completion(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb);

create function public.track_journey_step(
  session_id jsonb, step jsonb, user_agent jsonb default null, referrer jsonb default null,
  campaign jsonb default null
) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_session uuid := funnel_private.uuid_arg('session_id', track_journey_step.session_id, true);
  v_step text := funnel_private.enum_arg('step', track_journey_step.step, funnel_private.journey_steps(), true);
  v_number integer := array_position(funnel_private.journey_steps(), v_step);
  v_user_agent text := funnel_private.text_arg('user_agent', track_journey_step.user_agent, 512, false);
  v_referrer text := funnel_private.text_arg('referrer', track_journey_step.referrer, 2048, false);
  v_campaign jsonb := funnel_private.campaign_arg('campaign', track_journey_step.campaign);
begin
  insert into public.user_journey_sessions as s (
    session_id, user_agent, referrer, last_step_reached, total_steps_completed,
    reached_quiz, reached_photo_upload, reached_analysis, reached_diagnosis, reached_treatment,
    reached_contact_form, completed_form, clicked_final_cta,
    utm_source, utm_medium, utm_campaign, utm_term, utm_content, fbclid, gclid
  ) values (
    v_session, v_user_agent, v_referrer, v_step, v_number,
    v_number <= 5, v_number = 6, v_number = 7, v_number = 8, v_number = 9,
    v_number = 10, v_number = 11, v_number = 12,
    v_campaign->>'utm_source', v_campaign->>'utm_medium', v_campaign->>'utm_campaign',
    v_campaign->>'utm_term', v_campaign->>'utm_content', v_campaign->>'fbclid', v_campaign->>'gclid'
  )
  on conflict (session_id) do update set
    last_activity = now(),
    user_agent = coalesce(s.user_agent, excluded.user_agent),
    -- The landing referrer and campaign are the ones that count; later pages don't replace them.
    referrer = coalesce(s.referrer, excluded.referrer),
    utm_source = coalesce(s.utm_source, excluded.utm_source),
    utm_medium = coalesce(s.utm_medium, excluded.utm_medium),
    utm_campaign = coalesce(s.utm_campaign, excluded.utm_campaign),
    utm_term = coalesce(s.utm_term, excluded.utm_term),
    utm_content = coalesce(s.utm_content, excluded.utm_content),
    fbclid = coalesce(s.fbclid, excluded.fbclid),
    gclid = coalesce(s.gclid, excluded.gclid),
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
  'Record that a session reached a journey step (spec §4); flags and the count never go back; the first referrer and campaign stay.';

create function public.save_quiz_completion(
  id jsonb, session_id jsonb, name jsonb, email jsonb, age jsonb default null,
  skin_issues jsonb default null, change_speed jsonb default null, other_symptoms jsonb default null,
  skin_treatments jsonb default null, hrt jsonb default null, campaign jsonb default null
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
  v_campaign jsonb := funnel_private.campaign_arg('campaign', save_quiz_completion.campaign);
begin
  if v_email !~ '^[^@[:space:]]+@[^@[:space:]]+$' then
    perform funnel_private.invalid('email', 'must be an email address like name@example.com');
  end if;
  insert into public.quiz_completions (
    id, session_id, name, email, age, skin_issues, change_speed, other_symptoms, skin_treatments, hrt,
    utm_source, utm_medium, utm_campaign, utm_term, utm_content, fbclid, gclid
  ) values (
    v_id, v_session, v_name, v_email, v_age, v_skin_issues, v_change_speed, v_other_symptoms,
    v_skin_treatments, v_hrt,
    v_campaign->>'utm_source', v_campaign->>'utm_medium', v_campaign->>'utm_campaign',
    v_campaign->>'utm_term', v_campaign->>'utm_content', v_campaign->>'fbclid', v_campaign->>'gclid'
  )
  on conflict (id) do nothing;
  return v_id;
end;
$$;
comment on function public.save_quiz_completion is
  'Save a lead with its quiz answers and landing campaign. The id is the browser''s event id: a retry writes one row. Returns only the id.';

revoke execute on all functions in schema funnel_private from public, anon, authenticated;
grant execute on function
  public.track_journey_step(jsonb, jsonb, jsonb, jsonb, jsonb),
  public.save_quiz_completion(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb)
  to anon;
