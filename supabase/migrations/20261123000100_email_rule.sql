-- One email rule (issue 17): the browser enabled the lead forms on any '@' while save_quiz_completion
-- refused 'jane@', so a lead could be refused after the visitor had moved on. Now both apply the same
-- rule: the pattern and length below are src/engine/email-rule.ts's EMAIL_PATTERN and EMAIL_MAX_LENGTH,
-- character for character (tests/email-rule.test.ts fails if they differ, and runs both on samples).

create function funnel_private.email_arg(field text, value jsonb, required boolean) returns text
language plpgsql immutable as $$
declare
  result text := funnel_private.text_arg(field, value, 254, required);
begin
  if result is not null and result !~ '^[^@ \t\n\r\f\v]+@[^@ \t\n\r\f\v.]+([.][^@ \t\n\r\f\v.]+)+$' then
    perform funnel_private.invalid(field, 'must be an email address like name@example.com');
  end if;
  return result;
end;
$$;
comment on function funnel_private.email_arg is
  'The shared email rule (src/engine/email-rule.ts): trimmed text of at most 254 characters, one @, no whitespace, a dotted domain; 22023 ''<field>: …'' otherwise.';

-- As in the campaign migration, with only the email check swapped for email_arg.
create or replace function public.save_quiz_completion(
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
  v_email text := funnel_private.email_arg('email', save_quiz_completion.email, true);
  v_age integer := funnel_private.int_arg('age', save_quiz_completion.age, 0, 130, false);
  v_skin_issues text[] := funnel_private.list_arg('skin_issues', save_quiz_completion.skin_issues, 20, 120);
  v_change_speed text := funnel_private.enum_arg('change_speed', save_quiz_completion.change_speed,
    array['6-12-months', '1-2-years', '3-plus-years', 'no-significant'], false);
  v_other_symptoms text[] := funnel_private.list_arg('other_symptoms', save_quiz_completion.other_symptoms, 20, 120);
  v_skin_treatments text[] := funnel_private.list_arg('skin_treatments', save_quiz_completion.skin_treatments, 20, 120);
  v_hrt text := funnel_private.enum_arg('hrt', save_quiz_completion.hrt, array['yes', 'no', 'past'], false);
  v_campaign jsonb := funnel_private.campaign_arg('campaign', save_quiz_completion.campaign);
begin
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

revoke execute on all functions in schema funnel_private from public, anon, authenticated;
